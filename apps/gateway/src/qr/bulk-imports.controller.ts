import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { BulkImportRowDto, BulkImportView, ConfirmBulkImportDto, DomainError, ErrorCode, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { BILLING_LIMITS } from '../billing/billing-limits';
import { parseIdempotencyKey } from '../billing/idempotency-key';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { RateLimiter } from '../sessions/rate-limiter';
import { QrImagesClient } from './qr-images.client';

/**
 * Bulk create from CSV. POST the file (text/csv, streamed) for a preview that checks every row
 * (nothing bought or created), fix rows, then confirm once: the missing seats are bought and the
 * codes are created in the background, which can be cancelled. Another user's import answers 404, exactly like a missing one.
 */
@Controller('api/imports')
@InWorkspace({ read: 'codes.write' })
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
  async start(@CurrentWorkspace() workspace: WorkspaceContext, @Req() req: Request): Promise<BulkImportView> {
    await this.limiter.hit({ key: `bulk-imports:${workspace.id}`, max: 30, windowSeconds: 3600 });
    const cancel = new AbortController();
    req.once('close', () => !req.complete && cancel.abort());
    return this.files.uploadBulkImport(workspace.id, req, cancel.signal);
  }

  @Get(':id')
  @Access('user')
  get(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') importId: string): Promise<BulkImportView> {
    return this.bus.request(QrPattern.GetBulkImport, { userId: workspace.id, importId });
  }

  /** A row fixed in the preview: checked again, with the file's other rows (short links used twice). */
  @Put(':id/rows/:row')
  @Access('user')
  async updateRow(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Param('id') importId: string,
    @Param('row', new ParseIntPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, 'Row not found') })) row: number,
    @Body() dto: BulkImportRowDto,
  ): Promise<BulkImportView> {
    await this.limiter.hit({ key: `bulk-import-rows:${workspace.id}`, max: 600, windowSeconds: 3600 });
    const cells = { name: dto.name, destination: dto.destination, category: dto.category, tags: dto.tags, slug: dto.slug, template: dto.template ?? '', domain: dto.domain ?? '' };
    return this.bus.request(QrPattern.UpdateBulkImportRow, { userId: workspace.id, importId, row, cells });
  }

  /**
   * One confirmation buys the seats the valid rows need (once per import) and starts the creation;
   * {designTemplateId} gives the rows that name no template one of the user's design templates.
   */
  @Post(':id/confirm')
  @Access('user')
  @HttpCode(202)
  async confirm(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Param('id') importId: string,
    @Body() dto: ConfirmBulkImportDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<BulkImportView> {
    const key = parseIdempotencyKey(idempotencyKey);
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(workspace.id));
    return this.bus.request(QrPattern.ConfirmBulkImport, {
      userId: workspace.id,
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
  cancel(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') importId: string): Promise<BulkImportView> {
    return this.bus.request(QrPattern.CancelBulkImport, { userId: workspace.id, importId });
  }

  /** The result file: every code created with its short link (and rows that failed, with why), streamed. */
  @Get(':id/result.csv')
  @Access('user')
  async result(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') importId: string, @Res() res: Response): Promise<void> {
    const cancel = new AbortController();
    res.once('close', () => cancel.abort());
    const file = await this.files.bulkImportResult(importId, workspace.id, cancel.signal);
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
