import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  AccountAnalytics,
  CodeAnalytics,
  CodePage,
  CodePageRequest,
  CreateQrCodeDto,
  QrCodeView,
  QrPattern,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { QrFilesService } from '../qr/qr-files.service';
import { V1CodeAnalyticsQuery, V1ImageQuery, V1UpdateCodeBody } from './v1-dto';

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
  createCode(userId: string, body: CreateQrCodeDto): Promise<QrCodeView> {
    return this.bus.request(QrPattern.CreateCode, {
      userId,
      name: body.name,
      destinationUrl: body.destinationUrl,
      ...(body.category ? { category: body.category } : {}),
    });
  }

  getCode(userId: string, codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.GetCode, { userId, codeId });
  }

  async updateCode(userId: string, codeId: string, body: V1UpdateCodeBody): Promise<QrCodeView> {
    const { state, ...fields } = body;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    let code: QrCodeView | null = null;
    if (Object.keys(changes).length > 0) code = await this.bus.request(QrPattern.UpdateCode, { userId, codeId, ...changes });
    if (state) code = await this.bus.request(QrPattern.SetCodeState, { userId, codeId, active: state === 'active' });
    return code ?? this.getCode(userId, codeId);
  }

  async deleteCode(userId: string, codeId: string): Promise<void> {
    await this.bus.request(QrPattern.DeleteCode, { userId, codeId });
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
