import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { LOGGER, Logger } from '@qrd/config';
import { DataExportView, LatestDataExport, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access } from '../sessions/auth.guard';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { RateLimiter } from '../sessions/rate-limiter';
import { QrImagesClient } from './qr-images.client';

/**
 * "Export the data": the qr-service builds the ZIP of the workspace acted in, in the background,
 * and mails the link to the member who asked. The download needs a signed-in member allowed to
 * export that workspace (a link forwarded to anyone else is a 404 or a 403 for them).
 */
@Controller('api/account/data-export')
@InWorkspace({ read: 'data.export', write: 'data.export', fromQuery: true })
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
  async start(@CurrentWorkspace() workspace: WorkspaceContext): Promise<DataExportView> {
    await this.limiter.hit({ key: `data-exports:${workspace.userId}`, max: 'dataExportsPerDay', windowSeconds: 24 * 3600 });
    return this.bus.request(QrPattern.StartDataExport, { userId: workspace.id, requestedBy: workspace.userId });
  }

  @Get()
  @Access('user')
  async latest(@CurrentWorkspace() workspace: WorkspaceContext): Promise<LatestDataExport> {
    return { export: await this.bus.request(QrPattern.LatestDataExport, { userId: workspace.id }) };
  }

  @Get(':id/download')
  @Access('user')
  async download(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') exportId: string, @Res() res: Response): Promise<void> {
    const cancel = new AbortController();
    res.once('close', () => cancel.abort());
    const file = await this.files.dataExport(exportId, workspace.id, cancel.signal);
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
