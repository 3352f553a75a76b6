import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { BulkImportRowDto, BulkImportView, ConfirmBulkImportDto, DomainError, ErrorCode, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { BILLING_LIMITS } from '../billing/billing-limits';
import { parseIdempotencyKey } from '../billing/idempotency-key';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { RateLimiter } from '../sessions/rate-limiter';
import { Session } from '../sessions/session.store';
import { QrImagesClient } from './qr-images.client';

/**
 * Bulk create from CSV. POST the file (text/csv, streamed) for a preview that checks every row
 * (nothing bought or created), fix rows, then confirm once: the missing seats are bought and the
 * codes are created in the background, which can be cancelled. Another user's import answers 404, exactly like a missing one.
 */
@Controller('api/imports')
export class BulkImportsController {
  constructor(
    private readonly bus: MessageBus,
    private readonly limiter: RateLimiter,
    private readonly files: QrImagesClient,
  ) {}

  /** The file streamed through to the qr-service, which reads and checks it as it arrives. */
  @Post()
  @Access('user')
  @HttpCode(201)
  async start(@CurrentSession() session: Session, @Req() req: Request): Promise<BulkImportView> {
    await this.limiter.hit({ key: `bulk-imports:${session.userId}`, max: 30, windowSeconds: 3600 });
    const cancel = new AbortController();
    req.once('close', () => !req.complete && cancel.abort());
    return this.files.uploadBulkImport(session.userId, req, cancel.signal);
  }

  @Get(':id')
  @Access('user')
  get(@CurrentSession() session: Session, @Param('id') importId: string): Promise<BulkImportView> {
    return this.bus.request(QrPattern.GetBulkImport, { userId: session.userId, importId });
  }

  /** A row fixed in the preview: checked again, with the file's other rows (short links used twice). */
  @Put(':id/rows/:row')
  @Access('user')
  async updateRow(
    @CurrentSession() session: Session,
    @Param('id') importId: string,
    @Param('row', new ParseIntPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, 'Row not found') })) row: number,
    @Body() dto: BulkImportRowDto,
  ): Promise<BulkImportView> {
    await this.limiter.hit({ key: `bulk-import-rows:${session.userId}`, max: 600, windowSeconds: 3600 });
    const cells = { name: dto.name, destination: dto.destination, category: dto.category, tags: dto.tags, slug: dto.slug, template: dto.template ?? '' };
    return this.bus.request(QrPattern.UpdateBulkImportRow, { userId: session.userId, importId, row, cells });
  }

  /**
   * One confirmation buys the seats the valid rows need (once per import) and starts the creation;
   * {designTemplateId} gives the rows that name no template one of the user's design templates.
   */
  @Post(':id/confirm')
  @Access('user')
  @HttpCode(202)
  async confirm(
    @CurrentSession() session: Session,
    @Param('id') importId: string,
    @Body() dto: ConfirmBulkImportDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<BulkImportView> {
    const key = parseIdempotencyKey(idempotencyKey);
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(session.userId));
    return this.bus.request(QrPattern.ConfirmBulkImport, {
      userId: session.userId,
      importId,
      totalCents: dto.totalCents ?? null,
      idempotencyKey: key,
      designTemplateId: dto.designTemplateId ?? null,
    });
  }

  /** Stops an import between two batches: the codes created stay, the rows left are not created. */
  @Post(':id/cancel')
  @Access('user')
  @HttpCode(200)
  cancel(@CurrentSession() session: Session, @Param('id') importId: string): Promise<BulkImportView> {
    return this.bus.request(QrPattern.CancelBulkImport, { userId: session.userId, importId });
  }

  /** The result file: every code created with its short link (and rows that failed, with why), streamed. */
  @Get(':id/result.csv')
  @Access('user')
  async result(@CurrentSession() session: Session, @Param('id') importId: string, @Res() res: Response): Promise<void> {
    const cancel = new AbortController();
    res.once('close', () => cancel.abort());
    const file = await this.files.bulkImportResult(importId, session.userId, cancel.signal);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.contentDisposition);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200);
    // A byte order mark first: spreadsheets then read the file as UTF-8.
    res.write('\uFEFF');
    try {
      await pipeline(file.body, res);
    } catch {
      res.destroy();
    }
  }
}
