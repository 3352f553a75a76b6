import { Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LOGGER, Logger } from '@qrd/config';
import { BulkImportView, DomainError, ErrorCode, QrFileRoute } from '@qrd/contracts';
import { InternalController } from '@qrd/messaging';
import { BulkImportsService } from './bulk-imports.service';

function userOf(query: Record<string, unknown>): string {
  const { userId } = query;
  if (typeof userId !== 'string' || userId === '') throw new DomainError(ErrorCode.Validation, 'The user is missing');
  return userId;
}

/**
 * A bulk import's files over internal HTTP (100,000 rows are no message for the queues): the CSV
 * streamed in from the gateway as the browser sends it, and the result file streamed out.
 */
@InternalController()
export class BulkImportFilesController {
  constructor(
    private readonly imports: BulkImportsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post(QrFileRoute.BulkImportUpload)
  @HttpCode(201)
  upload(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<BulkImportView> {
    return this.imports.upload(userOf(query), req);
  }

  @Get(QrFileRoute.BulkImportResult)
  async result(@Query() query: Record<string, unknown>, @Param('importId') importId: string, @Res() res: Response): Promise<void> {
    const file = await this.imports.result(userOf(query), importId);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    try {
      await pipeline(Readable.from(file.lines), res);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn({ err: error, importId }, 'import result failed part way');
      res.destroy();
    }
  }
}
