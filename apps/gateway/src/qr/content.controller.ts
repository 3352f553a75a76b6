import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { LOGGER, Logger } from '@qrd/config';
import { CONTENT_MESSAGES, ContentFileView, DomainError, ErrorCode, PublicPage, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { QrImagesClient } from './qr-images.client';

/**
 * Content codes: the owner's uploads, and the hosted pages anyone reaches after scanning
 * (/r/{slug} counts the scan and redirects to the web app's /p/{slug}, which reads these).
 */
@Controller('api')
@InWorkspace({ read: 'codes.read', write: 'codes.write' })
export class ContentController {
  constructor(
    private readonly bus: MessageBus,
    private readonly files: QrImagesClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The file itself as the body; ?purpose=file (PDF or image) or image, ?name=the original file name. */
  @Post('content-files')
  @Access('user')
  @HttpCode(201)
  upload(@CurrentWorkspace() workspace: WorkspaceContext, @Query('purpose') purpose: unknown, @Query('name') name: unknown, @Req() req: Request): Promise<ContentFileView> {
    if (purpose !== 'file' && purpose !== 'image') throw new DomainError(ErrorCode.Validation, 'The purpose must be file or image', { purpose: 'The purpose must be file or image' });
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new DomainError(ErrorCode.Validation, CONTENT_MESSAGES.fileEmpty, { file: CONTENT_MESSAGES.fileEmpty });
    return this.files.uploadContentFile(workspace.id, purpose, typeof name === 'string' ? name.slice(0, 255) : '', req.body);
  }

  @Get('public/pages/:slug')
  @Access('public')
  page(@Param('slug') slug: string): Promise<PublicPage> {
    return this.bus.request(QrPattern.PublicPage, { slug });
  }

  @Get('public/pages/:slug/contact.vcf')
  @Access('public')
  vcard(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.stream(slug, null, req, res);
  }

  @Get('public/pages/:slug/files/:fileId')
  @Access('public')
  file(@Param('slug') slug: string, @Param('fileId') fileId: string, @Query('variant') variant: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (variant !== undefined && variant !== 'avatar') throw new DomainError(ErrorCode.Validation, 'The variant must be avatar', { variant: 'The variant must be avatar' });
    return this.stream(slug, fileId, req, res, variant ?? null);
  }

  /** Passed on as the qr-service reads it; nosniff (helmet) and its own type and disposition keep the browser from guessing. */
  private async stream(slug: string, fileId: string | null, req: Request, res: Response, variant: 'avatar' | null = null): Promise<void> {
    const cancel = new AbortController();
    res.once('close', () => cancel.abort());
    const ifNoneMatch = req.headers['if-none-match'];
    const file = await this.files.publicContent(slug, fileId, cancel.signal, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, variant);
    // The qr-service decides: an image is cached for a year (its address names an upload that never
    // changes), a file or a .vcf is revalidated by its ETag (the owner may replace it).
    res.setHeader('Cache-Control', file.cacheControl);
    if (file.etag) res.setHeader('ETag', file.etag);
    if (!file.body) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.contentDisposition);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (file.contentLength) res.setHeader('Content-Length', file.contentLength);
    res.status(200);
    try {
      await pipeline(file.body, res);
    } catch (error) {
      if (!cancel.signal.aborted) this.logger.warn({ err: error, slug }, 'content file failed part way');
      res.destroy();
    }
  }
}
