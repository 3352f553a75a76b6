import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, requestContext } from '@qrd/config';
import {
  DomainError,
  ErrorCode,
  isErrorBody,
  QrDesignInput,
  QrDownloadQuery,
  QrImageRoute,
  QrPreviewRequest,
  qrImagePath,
} from '@qrd/contracts';
import { INTERNAL_TOKEN_HEADER, internalToken, REQUEST_ID_HEADER } from '@qrd/messaging';

export interface QrImageFile {
  etag: string;
  /** Null when the browser's If-None-Match already names this image (answer 304). */
  body: Buffer | null;
  contentType: string;
  contentDisposition: string;
}

/**
 * The images of codes, fetched from the qr-service's internal HTTP routes: a render (up to
 * 4096 px) is too large for the message queues, where every byte would pass through Redis.
 */
@Injectable()
export class QrImagesClient {
  private readonly token: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.token = internalToken(config.sessionSecret);
  }

  async download(codeId: string, query: QrDownloadQuery, ifNoneMatch?: string): Promise<QrImageFile> {
    const params = new URLSearchParams({ userId: query.userId, format: query.format, size: String(query.size) });
    const res = await this.call(`${qrImagePath(QrImageRoute.Download, codeId)}?${params}`, {
      headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
    });
    return {
      etag: res.headers.get('etag') ?? '',
      body: res.status === 304 ? null : Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      contentDisposition: res.headers.get('content-disposition') ?? 'attachment',
    };
  }

  /** The saved design, or a proposed one, as PNG bytes. */
  async preview(userId: string, codeId: string, design?: QrDesignInput): Promise<Buffer> {
    const body: QrPreviewRequest = { userId, ...(design ? { design } : {}) };
    const res = await this.call(qrImagePath(QrImageRoute.Preview, codeId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return Buffer.from(await res.arrayBuffer());
  }

  /** Errors come back as the DomainError the qr-service raised, or as Timeout / Unavailable. */
  private async call(path: string, init: { method?: string; headers: Record<string, string>; body?: string }): Promise<Response> {
    const timeoutMs = requestContext.remainingMs() ?? this.config.messageTimeoutMs;
    let res: Response;
    try {
      res = await fetch(`${this.config.qrInternalUrl}${path}`, {
        ...init,
        headers: {
          ...init.headers,
          [INTERNAL_TOKEN_HEADER]: this.token,
          [REQUEST_ID_HEADER]: requestContext.currentOrNew().requestId,
        },
        signal: AbortSignal.timeout(Math.max(timeoutMs, 1)),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new DomainError(ErrorCode.Timeout, `The qr-service did not send the image within ${Math.round(timeoutMs / 100) / 10}s`);
      }
      throw new DomainError(ErrorCode.Unavailable, `Could not reach the qr-service: ${(error as Error).message}`);
    }
    if (res.ok || res.status === 304) return res;
    const body: unknown = await res.json().catch(() => null);
    if (isErrorBody(body)) throw DomainError.fromBody(body);
    throw new DomainError(ErrorCode.Internal, `The qr-service answered ${res.status} for an image`);
  }
}
