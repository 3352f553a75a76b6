import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { QrFilesService } from './qr-files.service';

/** Bulk download: the chosen codes as one ZIP (see archiveRequest in the contracts). */
@Controller('api/qrcodes')
export class QrArchiveController {
  constructor(private readonly files: QrFilesService) {}

  /** The body is checked by archiveRequest, which reports every field's problem at once. */
  @Post('archive')
  @Access('user')
  @HttpCode(200)
  archive(@CurrentSession() session: Session, @Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    return this.files.archive(session.userId, body, res);
  }
}
