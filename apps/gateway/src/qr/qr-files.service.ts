import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { archiveRequest, DomainError, DownloadQueryDto, ErrorCode, printLayout, QrCodeView, QrDesignInput, QrPattern, wholeNumber } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { clientKey } from '../auth/limits';
import { Limit, RateLimiter } from '../sessions/rate-limiter';
import { QrImagesClient } from './qr-images.client';

const DEFAULT_SIZE = 1024;
/** Dashboard thumbnails: up to 192 CSS pixels, sharp on a 2x screen. */
const PREVIEW_IMAGE_SIZE = 384;
/** The address changes with the design (see the web's previewImageUrl); the ETag covers the rest. */
const PREVIEW_IMAGE_MAX_AGE_S = 3600;
/** Renders above this many pixels cost enough CPU to be limited (repeats come from the render cache, free). */
export const LARGE_RENDER_PX = 1024;
/** Each ZIP renders up to 500 codes: a few an hour is plenty for a person. */
const ARCHIVES_PER_HOUR = 30;

function largeRenderLimits(userId: string, ip: string | undefined): Limit[] {
  return [
    { key: `large-render-user:${userId}`, max: 'largeRendersPerHour', windowSeconds: 3600 },
    { key: `large-render-ip:${clientKey(ip)}`, max: 'largeRendersPerHour', windowSeconds: 3600 },
  ];
}

/** Answers that are files rather than JSON: images (with ETags), previews and the scans CSV. */
@Injectable()
export class QrFilesService {
  constructor(
    private readonly bus: MessageBus,
    private readonly images: QrImagesClient,
    private readonly limiter: RateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async uploadLogo(userId: string, codeId: string, body: unknown): Promise<QrCodeView> {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new DomainError(ErrorCode.Validation, 'The logo file is empty', { logo: 'The logo file is empty' });
    }
    return this.bus.request(QrPattern.SetLogo, { userId, codeId, logoBase64: body.toString('base64') });
  }

  /** Spec: {dataUrl}, a PNG of the saved design or of a proposed one (the editor's live preview). */
  async preview(userId: string, codeId: string, design?: QrDesignInput): Promise<{ dataUrl: string }> {
    const png = await this.images.preview(userId, codeId, design);
    return { dataUrl: `data:image/png;base64,${png.toString('base64')}` };
  }

  /**
   * `qrcode-{id}.{ext}` as an attachment. The image depends only on the slug and the design, so its
   * ETag lets the browser revalidate without the image being rendered or sent again.
   */
  async download(
    userId: string,
    codeId: string,
    query: DownloadQueryDto,
    ifNoneMatch: string | undefined,
    ip: string | undefined,
    res: Response,
  ): Promise<void> {
    const layout = printLayout(query);
    if ('message' in layout) throw new DomainError(ErrorCode.Validation, layout.message, { [layout.field]: layout.message });
    const size = query.size === undefined ? DEFAULT_SIZE : (wholeNumber(query.size) ?? DEFAULT_SIZE);
    // Counted before (so a burst cannot slip past), given back when no render was needed.
    const limits = size > LARGE_RENDER_PX ? largeRenderLimits(userId, ip) : [];
    if (limits.length) await this.limiter.hit(...limits);
    let file;
    try {
      file = await this.images.download(codeId, { userId, format: query.format ?? 'png', size, print: layout.print }, ifNoneMatch);
    } catch (error) {
      await this.limiter.refund(...limits);
      throw error;
    }
    if (!file.rendered) await this.limiter.refund(...limits);
    res.setHeader('ETag', file.etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    if (!file.body) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.contentDisposition);
    res.status(200).send(file.body);
  }

  /** The saved design as a PNG thumbnail the browser keeps, reusing the download route's ETags. */
  async previewImage(userId: string, codeId: string, ifNoneMatch: string | undefined, res: Response): Promise<void> {
    const file = await this.images.download(codeId, { userId, format: 'png', size: PREVIEW_IMAGE_SIZE }, ifNoneMatch);
    res.setHeader('ETag', file.etag);
    res.setHeader('Cache-Control', `private, max-age=${PREVIEW_IMAGE_MAX_AGE_S}`);
    if (!file.body) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Disposition', `inline; filename="qrcode-${codeId}.png"`);
    res.status(200).send(file.body);
  }

  /**
   * The chosen codes as a ZIP, streamed from the qr-service as it renders them: nothing is held
   * whole here either. Problems with the body answer 400 per field, codes that are not the
   * caller's 404, both before any byte is sent.
   */
  async archive(userId: string, body: unknown, res: Response): Promise<void> {
    const checked = archiveRequest(body);
    if ('message' in checked) throw new DomainError(ErrorCode.Validation, checked.message, checked.fields);
    await this.limiter.hit({ key: `archive-user:${userId}`, max: ARCHIVES_PER_HOUR, windowSeconds: 3600 });
    const cancel = new AbortController();
    res.once('close', () => cancel.abort());
    const file = await this.images.archive({ userId, ...checked.request }, cancel.signal);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.contentDisposition);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200);
    try {
      await pipeline(file.body, res);
    } catch (error) {
      if (!cancel.signal.aborted) this.logger.warn({ err: error, codes: checked.request.ids.length }, 'codes archive failed part way');
      res.destroy();
    }
  }

  /** Every stored scan of the code, as CSV (the dashboard's and the API's) or NDJSON (the API's). */
  async scansCsv(userId: string, codeId: string, res: Response, format: 'csv' | 'ndjson' = 'csv'): Promise<void> {
    const cancel = new AbortController();
    res.once('close', () => cancel.abort());
    const file = await this.images.scansCsv(codeId, userId, cancel.signal, format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.contentDisposition);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200);
    try {
      await pipeline(file.body, res);
    } catch (error) {
      // Headers are sent: the browser sees a download that failed, or it left first.
      if (!cancel.signal.aborted) this.logger.warn({ err: error, codeId }, 'scans export failed part way');
      res.destroy();
    }
  }
}
