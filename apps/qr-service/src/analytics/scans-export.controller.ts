import { Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LOGGER, Logger } from '@qrd/config';
import { DomainError, ErrorCode, QrFileRoute } from '@qrd/contracts';
import { InternalController } from '@qrd/messaging';
import { AnalyticsService } from './analytics.service';

/**
 * The scans export for the gateway only (internal token): a CSV of any length is an HTTP body
 * streamed from a database cursor, never a message on the queues.
 */
@InternalController()
export class ScansExportController {
  constructor(
    private readonly analytics: AnalyticsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get(QrFileRoute.ScansCsv)
  async scansCsv(@Param('codeId') codeId: string, @Query('userId') userId: unknown, @Res() res: Response): Promise<void> {
    if (typeof userId !== 'string' || userId === '') throw new DomainError(ErrorCode.Validation, 'The user is missing');
    await this.send(codeId, await this.analytics.scansCsv(userId, codeId), 'text/csv; charset=utf-8', res);
  }

  @Get(QrFileRoute.ScansNdjson)
  async scansNdjson(@Param('codeId') codeId: string, @Query('userId') userId: unknown, @Res() res: Response): Promise<void> {
    if (typeof userId !== 'string' || userId === '') throw new DomainError(ErrorCode.Validation, 'The user is missing');
    await this.send(codeId, await this.analytics.scansNdjson(userId, codeId), 'application/x-ndjson; charset=utf-8', res);
  }

  private async send(codeId: string, file: { fileName: string; csv: Readable }, contentType: string, res: Response): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    try {
      await pipeline(file.csv, res);
    } catch (error) {
      // The status line is sent: a failure now can only cut the body short, which the gateway
      // passes on to the browser as a failed download. A caller that went away is no failure.
      if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
        this.logger.info({ codeId }, 'scans export ended early: the caller went away');
      } else {
        this.logger.warn({ err: error, codeId }, 'scans export failed part way');
        res.destroy();
      }
    }
  }
}
