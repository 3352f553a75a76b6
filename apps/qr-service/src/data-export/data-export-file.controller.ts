import { Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { LOGGER, Logger } from '@qrd/config';
import { DomainError, ErrorCode, QrFileRoute } from '@qrd/contracts';
import { InternalController } from '@qrd/messaging';
import { DataExportsService } from './data-exports.service';

/** A ready export's ZIP for the gateway only (internal token), streamed from the export storage. */
@InternalController()
export class DataExportFileController {
  constructor(
    private readonly exports: DataExportsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get(QrFileRoute.DataExport)
  async download(@Param('exportId') exportId: string, @Query('userId') userId: unknown, @Res() res: Response): Promise<void> {
    if (typeof userId !== 'string' || userId === '') throw new DomainError(ErrorCode.Validation, 'The user is missing');
    const file = await this.exports.open(userId, exportId);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(file.sizeBytes));
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    try {
      await pipeline(file.body, res);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn({ err: error, exportId }, 'export download failed part way');
      res.destroy();
    }
  }
}
