import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  AccountAnalytics,
  ApiKeyPrincipal,
  CodeAnalytics,
  CodePage,
  CodePageRequest,
  CreateQrCodeDto,
  DomainError,
  QrCodeView,
  QrDesignDto,
  QrPattern,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { QrFilesService } from '../qr/qr-files.service';
import { httpStatusFor } from '../http/error-status';
import { V1CodeAnalyticsQuery, V1ImageQuery, V1UpdateCodeBody } from './v1-dto';
import type { V1BulkCreateResult } from './v1-schemas';

/** A principal cached before keys carried their name still says that a key made the change. */
function keyName(key: ApiKeyPrincipal): string {
  return key.name ?? 'API key';
}

/**
 * The public API over the same qr-service requests as the web routes: one or two calls a
 * request, an account's codes only (another account's code is a 404, like a missing one).
 */
@Injectable()
export class PublicApiService {
  constructor(
    private readonly bus: MessageBus,
    private readonly files: QrFilesService,
  ) {}

  listCodes(userId: string, page: CodePageRequest): Promise<CodePage<QrCodeView>> {
    return this.bus.request(QrPattern.ListCodesPage, { userId, ...page });
  }

  /** Like the dashboard: needs an active subscription with a free seat (402 otherwise). */
  createCode(key: ApiKeyPrincipal, body: CreateQrCodeDto): Promise<QrCodeView> {
    const fields = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as CreateQrCodeDto;
    return this.bus.request(QrPattern.CreateCode, { userId: key.userId, apiKeyName: keyName(key), ...fields });
  }

  /**
   * Each code in order, each on its own free seat; one that is refused (a taken short link, no free
   * seat left) is reported with its index and the rest are still tried.
   */
  async bulkCreate(key: ApiKeyPrincipal, codes: CreateQrCodeDto[]): Promise<V1BulkCreateResult> {
    const result: V1BulkCreateResult = { created: [], failed: [] };
    for (const [index, body] of codes.entries()) {
      try {
        result.created.push({ index, code: await this.createCode(key, body) });
      } catch (error) {
        if (!(error instanceof DomainError) || httpStatusFor(error.code) >= 500) throw error;
        result.failed.push({ index, status: httpStatusFor(error.code), detail: error.message, ...(error.fields ? { fields: error.fields } : {}) });
      }
    }
    return result;
  }

  updateDesign(userId: string, codeId: string, design: QrDesignDto, unchangedSince?: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.UpdateDesign, { userId, codeId, design: { ...design }, unchangedSince });
  }

  getCode(userId: string, codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.GetCode, { userId, codeId });
  }

  /** With `unchangedSince` (an If-Match), the first change made is the one conditioned on it; a state change after it is the same caller's. */
  async updateCode(key: ApiKeyPrincipal, codeId: string, body: V1UpdateCodeBody, unchangedSince?: string): Promise<QrCodeView> {
    const { userId } = key;
    const apiKeyName = keyName(key);
    const { state, ...fields } = body;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    let code: QrCodeView | null = null;
    if (Object.keys(changes).length > 0) code = await this.bus.request(QrPattern.UpdateCode, { userId, codeId, apiKeyName, unchangedSince, ...changes });
    if (state) {
      const condition = code ? {} : { unchangedSince };
      code = await this.bus.request(QrPattern.SetCodeState, { userId, codeId, apiKeyName, active: state === 'active', ...condition });
    }
    return code ?? this.getCode(userId, codeId);
  }

  async deleteCode(key: ApiKeyPrincipal, codeId: string, unchangedSince?: string): Promise<void> {
    await this.bus.request(QrPattern.DeleteCode, { userId: key.userId, codeId, apiKeyName: keyName(key), unchangedSince });
  }

  codeAnalytics(userId: string, codeId: string, query: V1CodeAnalyticsQuery): Promise<CodeAnalytics> {
    return this.bus.request(QrPattern.CodeAnalytics, { userId, codeId, from: query.from, to: query.to, tz: query.tz });
  }

  accountAnalytics(userId: string, tz: string | undefined): Promise<AccountAnalytics> {
    return this.bus.request(QrPattern.AccountAnalytics, { userId, tz });
  }

  image(userId: string, codeId: string, query: V1ImageQuery, ifNoneMatch: string | undefined, ip: string | undefined, res: Response): Promise<void> {
    return this.files.download(userId, codeId, query, ifNoneMatch, ip, res);
  }

  scansExport(userId: string, codeId: string, format: 'csv' | 'ndjson', res: Response): Promise<void> {
    return this.files.scansCsv(userId, codeId, res, format);
  }
}
