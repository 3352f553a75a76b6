import { Get, Headers, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { LOGGER, Logger } from '@qrd/config';
import { CONTENT_FILE_MAX_BYTES, CONTENT_MESSAGES, ContentFileView, DomainError, ErrorCode, QrFileRoute } from '@qrd/contracts';
import { InternalController } from '@qrd/messaging';
import { ContentFilesService } from './content-files.service';
import { ContentService, etagMatches, fileEtag } from './content.service';
import { dispositionOf } from './file-names';

/** The request body, refused as soon as it passes the limit. */
async function readBody(req: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new DomainError(ErrorCode.TooLarge, CONTENT_MESSAGES.fileTooLarge, { file: CONTENT_MESSAGES.fileTooLarge });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Files of content codes over internal HTTP (a 10 MB file is no message for the queues): uploads
 * from the gateway, and the public pages' files and vCards it passes on.
 */
@InternalController()
export class ContentFilesController {
  constructor(
    private readonly uploads: ContentFilesService,
    private readonly content: ContentService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post(QrFileRoute.ContentUpload)
  async upload(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<ContentFileView> {
    const { userId, purpose, name } = query;
    if (typeof userId !== 'string' || userId === '') throw new DomainError(ErrorCode.Validation, 'The user is missing');
    if (purpose !== 'file' && purpose !== 'image') throw new DomainError(ErrorCode.Validation, 'The purpose must be file or image');
    const body = await readBody(req, CONTENT_FILE_MAX_BYTES);
    return this.uploads.upload(userId, body, typeof name === 'string' ? name : '', purpose);
  }

  /**
   * Images (a photo, an avatar) are cached for a year: the address names the upload, which never
   * changes. Other files are revalidated (the page may stop showing them); both carry an ETag.
   */
  @Get(QrFileRoute.PublicFile)
  async file(
    @Param('slug') slug: string,
    @Param('fileId') fileId: string,
    @Query('variant') variant: unknown,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    if (variant !== undefined && variant !== 'avatar') throw new DomainError(ErrorCode.Validation, 'The variant must be avatar');
    const etag = fileEtag(variant ? `${fileId}-${variant}` : fileId);
    res.setHeader('ETag', etag);
    if (etagMatches(ifNoneMatch, etag)) {
      await this.content.requireFile(slug, fileId);
      res.status(304).end();
      return;
    }
    if (variant === 'avatar') {
      const avatar = await this.content.avatar(slug, fileId);
      res.status(200);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Type', 'image/webp');
      res.setHeader('Content-Disposition', 'inline');
      res.send(avatar);
      return;
    }
    const file = await this.content.file(slug, fileId);
    res.status(200);
    res.setHeader('Cache-Control', file.contentType.startsWith('image/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('Content-Type', file.contentType);
    if (file.sizeBytes > 0) res.setHeader('Content-Length', String(file.sizeBytes));
    res.setHeader('Content-Disposition', dispositionOf('inline', file.fileName));
    try {
      await pipeline(file.body, res);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn({ err: error, slug }, 'content file failed part way');
      res.destroy();
    }
  }

  @Get(QrFileRoute.PublicVcard)
  async vcard(@Param('slug') slug: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): Promise<void> {
    const card = await this.content.vcard(slug, ifNoneMatch);
    res.setHeader('ETag', card.etag);
    res.setHeader('Cache-Control', 'no-cache');
    if (card.text === null) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/vcard; charset=utf-8');
    res.setHeader('Content-Disposition', dispositionOf('attachment', card.fileName));
    res.send(card.text);
  }
}
