import { Body, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  DomainError,
  ErrorCode,
  PRINT_MAX_PT,
  PrintLayout,
  QR_IMAGE_FORMATS,
  QrDownloadQuery,
  QrImageFormat,
  QrFileRoute,
  QrPreviewRequest,
  RENDER_CACHE_HEADER,
  wholeNumber,
} from '@qrd/contracts';
import { InternalController } from '@qrd/messaging';
import { CodeImagesService } from './code-images.service';

/**
 * The images of codes, for the gateway only (internal token): a render of up to 4096 px is an
 * HTTP body from here to the gateway, never a message on the queues.
 */
@InternalController()
export class CodeImagesController {
  constructor(private readonly images: CodeImagesService) {}

  @Get(QrFileRoute.Download)
  async download(
    @Param('codeId') codeId: string,
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const { userId, format, size, print } = downloadQuery(query);
    const file = await this.images.download(userId, codeId, format, size, ifNoneMatch, print ?? null);
    res.setHeader('ETag', file.etag);
    // The gateway counts only real renders against the large-render limit.
    res.setHeader(RENDER_CACHE_HEADER, file.rendered ? 'miss' : 'hit');
    if (!file.body) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.status(200).send(file.body);
  }

  @Post(QrFileRoute.Preview)
  async preview(@Param('codeId') codeId: string, @Body() body: Partial<QrPreviewRequest>, @Res() res: Response): Promise<void> {
    const png = await this.images.preview(required(body.userId), codeId, body.design);
    res.status(200).type('image/png').send(png);
  }
}

/** The gateway has validated these already; checked again because the route trusts no shape. */
function downloadQuery(query: Record<string, unknown>): QrDownloadQuery {
  const format = query.format as QrImageFormat;
  const size = wholeNumber(query.size);
  if (!QR_IMAGE_FORMATS.includes(format) || size === null) {
    throw new DomainError(ErrorCode.Validation, 'A download needs a format and a size');
  }
  return { userId: required(query.userId), format, size, print: format === 'pdf' ? printQuery(query) : null };
}

function printQuery(query: Record<string, unknown>): PrintLayout | null {
  if (query.printPt === undefined) return null;
  const sizePt = Number(query.printPt);
  const bleedPt = Number(query.bleedPt ?? 0);
  if (!(sizePt > 0 && sizePt <= PRINT_MAX_PT.size + 1) || !(bleedPt >= 0 && bleedPt <= PRINT_MAX_PT.bleed + 1)) {
    throw new DomainError(ErrorCode.Validation, 'The print size or bleed is out of range');
  }
  return { sizePt, bleedPt, cropMarks: query.cropMarks === 'true' && bleedPt > 0 };
}

function required(userId: unknown): string {
  if (typeof userId !== 'string' || userId === '') throw new DomainError(ErrorCode.Validation, 'The user is missing');
  return userId;
}
