import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DownloadQueryDto, PreviewImageQueryDto, QrCodeView, QrDesignDto, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { QrFilesService } from './qr-files.service';

/** How a code looks: design, logo, preview and downloads. */
@Controller('api/qrcodes/:id')
export class QrImagesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly files: QrFilesService,
  ) {}

  @Put('design')
  @Access('user')
  updateDesign(@CurrentSession() session: Session, @Param('id') codeId: string, @Body() design: QrDesignDto): Promise<QrCodeView> {
    return this.bus.request(QrPattern.UpdateDesign, { userId: session.userId, codeId, design: { ...design } });
  }

  /** The body is the image file itself (see logoUploadMiddleware). */
  @Post('logo')
  @Access('user')
  @HttpCode(200)
  uploadLogo(@CurrentSession() session: Session, @Param('id') codeId: string, @Req() req: Request): Promise<QrCodeView> {
    return this.files.uploadLogo(session.userId, codeId, req.body);
  }

  @Delete('logo')
  @Access('user')
  removeLogo(@CurrentSession() session: Session, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.SetLogo, { userId: session.userId, codeId, logoBase64: null });
  }

  /** Spec: {dataUrl} of the saved design. */
  @Get('preview')
  @Access('user')
  preview(@CurrentSession() session: Session, @Param('id') codeId: string): Promise<{ dataUrl: string }> {
    return this.files.preview(session.userId, codeId);
  }

  /**
   * The saved design as image/png for an <img>: cached by the browser, revalidated by an ETag
   * keyed by the code's slug and design (304 without rendering). `?v=` only changes the address.
   */
  @Get('preview.png')
  @Access('user')
  previewImage(
    @CurrentSession() session: Session,
    @Param('id') codeId: string,
    @Query() _query: PreviewImageQueryDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    return this.files.previewImage(session.userId, codeId, ifNoneMatch, res);
  }

  /** The design editor's live preview of a design that is not saved yet (nothing changes). */
  @Post('preview')
  @Access('user')
  @HttpCode(200)
  previewDesign(@CurrentSession() session: Session, @Param('id') codeId: string, @Body() design: QrDesignDto): Promise<{ dataUrl: string }> {
    return this.files.preview(session.userId, codeId, { ...design });
  }

  @Get('download')
  @Access('user')
  download(
    @CurrentSession() session: Session,
    @Param('id') codeId: string,
    @Query() query: DownloadQueryDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.files.download(session.userId, codeId, query, ifNoneMatch, req.ip, res);
  }

  @Get('scans.csv')
  @Access('user')
  scansCsv(@CurrentSession() session: Session, @Param('id') codeId: string, @Res() res: Response): Promise<void> {
    return this.files.scansCsv(session.userId, codeId, res);
  }
}
