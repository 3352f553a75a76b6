import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { LOGGER, Logger } from '@qrd/config';
import { DataExportView, LatestDataExport, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { RateLimiter } from '../sessions/rate-limiter';
import { QrImagesClient } from './qr-images.client';

/**
 * "Export my data": the qr-service builds the ZIP in the background and mails the link. The
 * download needs the signed-in owner (a link forwarded to someone else is a 404 for them).
 */
@Controller('api/account/data-export')
export class DataExportController {
  constructor(
    private readonly bus: MessageBus,
    private readonly files: QrImagesClient,
    private readonly limiter: RateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @Access('user')
  @HttpCode(202)
  async start(@CurrentSession() session: Session): Promise<DataExportView> {
    await this.limiter.hit({ key: `data-exports:${session.userId}`, max: 'dataExportsPerDay', windowSeconds: 24 * 3600 });
    return this.bus.request(QrPattern.StartDataExport, { userId: session.userId });
  }

  @Get()
  @Access('user')
  async latest(@CurrentSession() session: Session): Promise<LatestDataExport> {
    return { export: await this.bus.request(QrPattern.LatestDataExport, { userId: session.userId }) };
  }

  @Get(':id/download')
  @Access('user')
  async download(@CurrentSession() session: Session, @Param('id') exportId: string, @Res() res: Response): Promise<void> {
    const cancel = new AbortController();
    res.once('close', () => cancel.abort());
    const file = await this.files.dataExport(exportId, session.userId, cancel.signal);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.contentDisposition);
    if (file.contentLength) res.setHeader('Content-Length', file.contentLength);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200);
    try {
      await pipeline(file.body, res);
    } catch (error) {
      if (!cancel.signal.aborted) this.logger.warn({ err: error, exportId }, 'data export download failed part way');
      res.destroy();
    }
  }
}
