import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { QrFilesService } from './qr-files.service';

/** Bulk download: the chosen codes as one ZIP (see archiveRequest in the contracts). */
@Controller('api/qrcodes')
@InWorkspace({ read: 'codes.read' })
export class QrArchiveController {
  constructor(private readonly files: QrFilesService) {}

  /** The body is checked by archiveRequest, which reports every field's problem at once. */
  @Post('archive')
  @Access('user')
  @HttpCode(200)
  archive(@CurrentWorkspace() workspace: WorkspaceContext, @Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    return this.files.archive(workspace.id, body, res);
  }
}
