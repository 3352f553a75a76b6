import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DownloadQueryDto, PreviewImageQueryDto, QrCodeView, QrDesignDto, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { QrFilesService } from './qr-files.service';

/** How a code looks: design, logo, preview and downloads. */
@Controller('api/qrcodes/:id')
@InWorkspace({ read: 'codes.read', write: 'codes.write' })
export class QrImagesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly files: QrFilesService,
  ) {}

  @Put('design')
  @Access('user')
  updateDesign(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Body() design: QrDesignDto): Promise<QrCodeView> {
    return this.bus.request(QrPattern.UpdateDesign, { userId: workspace.id, codeId, design: { ...design } });
  }

  /** The body is the image file itself (see logoUploadMiddleware). */
  @Post('logo')
  @Access('user')
  @HttpCode(200)
  uploadLogo(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Req() req: Request): Promise<QrCodeView> {
    return this.files.uploadLogo(workspace.id, codeId, req.body);
  }

  @Delete('logo')
  @Access('user')
  removeLogo(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.SetLogo, { userId: workspace.id, codeId, logoBase64: null });
  }

  /** Spec: {dataUrl} of the saved design. */
  @Get('preview')
  @Access('user')
  preview(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string): Promise<{ dataUrl: string }> {
    return this.files.preview(workspace.id, codeId);
  }

  /**
   * The saved design as image/png for an <img>: cached by the browser, revalidated by an ETag
   * keyed by the code's slug and design (304 without rendering). `?v=` only changes the address.
   */
  @Get('preview.png')
  @Access('user')
  previewImage(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Param('id') codeId: string,
    @Query() _query: PreviewImageQueryDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    return this.files.previewImage(workspace.id, codeId, ifNoneMatch, res);
  }

  /** The design editor's live preview of a design that is not saved yet (nothing changes). */
  @Post('preview')
  @Access('user')
  @HttpCode(200)
  previewDesign(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Body() design: QrDesignDto): Promise<{ dataUrl: string }> {
    return this.files.preview(workspace.id, codeId, { ...design });
  }

  @Get('download')
  @Access('user')
  download(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Param('id') codeId: string,
    @Query() query: DownloadQueryDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.files.download(workspace.id, codeId, query, ifNoneMatch, req.ip, res);
  }

  /** Opened by a link, which cannot send the workspace header: a shared workspace's is named in `?workspace=`. */
  @Get('scans.csv')
  @Access('user')
  @InWorkspace({ read: 'codes.read', fromQuery: true })
  scansCsv(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Res() res: Response): Promise<void> {
    return this.files.scansCsv(workspace.id, codeId, res);
  }
}
