import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { APP_CONFIG, AppConfig, requestContext } from '@qrd/config';
import {
  BulkImportView,
  bulkImportResultPath,
  ContentFileView,
  ContentUploadPurpose,
  DomainError,
  ErrorCode,
  PageImageVariant,
  publicContentPath,
  isErrorBody,
  dataExportFilePath,
  QrArchiveQuery,
  QrDesignInput,
  QrDownloadQuery,
  QrFileRoute,
  QrPreviewRequest,
  qrFilePath,
  RENDER_CACHE_HEADER,
} from '@qrd/contracts';
import { INTERNAL_TOKEN_HEADER, internalToken, REQUEST_ID_HEADER } from '@qrd/messaging';

/** The longest a bulk import's upload may take, reading and checking included (nginx waits as long). */
const BULK_IMPORT_UPLOAD_TIMEOUT_MS = 5 * 60_000;

export interface QrStreamedFile {
  body: Readable;
  contentType: string;
  contentDisposition: string;
}

export interface PublicContentFile extends Omit<QrStreamedFile, 'body'> {
  body: Readable | null;
  contentLength: string | null;
  etag: string | null;
  cacheControl: string;
}

export interface QrImageFile {
  etag: string;
  /** Null when the browser's If-None-Match already names this image (answer 304). */
  body: Buffer | null;
  /** True when the qr-service had to render it (neither its render cache nor the ETag answered). */
  rendered: boolean;
  contentType: string;
  contentDisposition: string;
}

/**
 * The files of codes, fetched from the qr-service's internal HTTP routes: a render (up to
 * 4096 px) or a scans export is too large for the message queues, where every byte would pass
 * through Redis.
 */
@Injectable()
export class QrImagesClient {
  private readonly token: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.token = internalToken(config.sessionSecret);
  }

  async download(codeId: string, query: QrDownloadQuery, ifNoneMatch?: string): Promise<QrImageFile> {
    const params = new URLSearchParams({ userId: query.userId, format: query.format, size: String(query.size) });
    if (query.print) {
      params.set('printPt', String(query.print.sizePt));
      params.set('bleedPt', String(query.print.bleedPt));
      params.set('cropMarks', String(query.print.cropMarks));
    }
    const res = await this.call(`${qrFilePath(QrFileRoute.Download, codeId)}?${params}`, {
      headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
    });
    return {
      etag: res.headers.get('etag') ?? '',
      body: res.status === 304 ? null : Buffer.from(await res.arrayBuffer()),
      rendered: res.headers.get(RENDER_CACHE_HEADER) === 'miss',
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      contentDisposition: res.headers.get('content-disposition') ?? 'attachment',
    };
  }

  /** The saved design, or a proposed one, as PNG bytes. */
  async preview(userId: string, codeId: string, design?: QrDesignInput): Promise<Buffer> {
    const body: QrPreviewRequest = { userId, ...(design ? { design } : {}) };
    const res = await this.call(qrFilePath(QrFileRoute.Preview, codeId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return Buffer.from(await res.arrayBuffer());
  }

  /**
   * Every stored scan of the code as CSV, as the qr-service streams it: the body is passed on as
   * it arrives, and `cancel` (the browser went away) stops the read on the qr-service too.
   */
  async scansCsv(codeId: string, userId: string, cancel: AbortSignal, format: 'csv' | 'ndjson' = 'csv'): Promise<QrStreamedFile> {
    const route = format === 'ndjson' ? QrFileRoute.ScansNdjson : QrFileRoute.ScansCsv;
    const res = await this.call(`${qrFilePath(route, codeId)}?${new URLSearchParams({ userId })}`, { headers: {} }, cancel);
    if (!res.body) throw new DomainError(ErrorCode.Internal, 'The qr-service sent no export');
    return {
      body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      contentType: res.headers.get('content-type') ?? 'text/csv; charset=utf-8',
      contentDisposition: res.headers.get('content-disposition') ?? 'attachment',
    };
  }

  /** A ZIP of the user's codes, passed on as the qr-service writes it; `cancel` stops the rendering there too. */
  async archive(query: QrArchiveQuery, cancel: AbortSignal): Promise<QrStreamedFile> {
    const res = await this.call(
      `/${QrFileRoute.Archive}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query) },
      cancel,
    );
    if (!res.body) throw new DomainError(ErrorCode.Internal, 'The qr-service sent no archive');
    return {
      body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      contentType: res.headers.get('content-type') ?? 'application/zip',
      contentDisposition: res.headers.get('content-disposition') ?? 'attachment; filename="qr-codes.zip"',
    };
  }

  /** A ready data export of the user, streamed as the qr-service reads it from the export storage. */
  async dataExport(exportId: string, userId: string, cancel: AbortSignal): Promise<QrStreamedFile & { contentLength: string | null }> {
    const res = await this.call(`${dataExportFilePath(exportId)}?${new URLSearchParams({ userId })}`, { headers: {} }, cancel);
    if (!res.body) throw new DomainError(ErrorCode.Internal, 'The qr-service sent no export');
    return {
      body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      contentType: res.headers.get('content-type') ?? 'application/zip',
      contentDisposition: res.headers.get('content-disposition') ?? 'attachment',
      contentLength: res.headers.get('content-length'),
    };
  }

  /**
   * A bulk import's CSV file, passed on as the browser sends it (never held whole here): the
   * qr-service reads and checks it as it arrives. Checking 100,000 rows takes longer than a
   * message's deadline, so the wait is the upload's own.
   */
  async uploadBulkImport(userId: string, body: Readable, cancel: AbortSignal): Promise<BulkImportView> {
    const res = await this.call(
      `/${QrFileRoute.BulkImportUpload}?${new URLSearchParams({ userId })}`,
      { method: 'POST', headers: { 'content-type': 'text/csv' }, body: Readable.toWeb(body) as ReadableStream<Uint8Array>, duplex: 'half' },
      cancel,
      BULK_IMPORT_UPLOAD_TIMEOUT_MS,
    );
    return (await res.json()) as BulkImportView;
  }

  /** An import's result file, streamed as the qr-service writes it. */
  async bulkImportResult(importId: string, userId: string, cancel: AbortSignal): Promise<QrStreamedFile> {
    const res = await this.call(`${bulkImportResultPath(importId)}?${new URLSearchParams({ userId })}`, { headers: {} }, cancel);
    if (!res.body) throw new DomainError(ErrorCode.Internal, 'The qr-service sent no result file');
    return {
      body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      contentType: res.headers.get('content-type') ?? 'text/csv; charset=utf-8',
      contentDisposition: res.headers.get('content-disposition') ?? 'attachment',
    };
  }

  /** An upload of a content code, checked and stored by the qr-service. */
  async uploadContentFile(userId: string, purpose: ContentUploadPurpose, name: string, body: Buffer): Promise<ContentFileView> {
    const params = new URLSearchParams({ userId, purpose, name });
    const res = await this.call(`/${QrFileRoute.ContentUpload}?${params}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    return (await res.json()) as ContentFileView;
  }

  /** A file of a hosted page (fileId), or its vCard (null), as the qr-service streams it. */
  /** `body` null: If-None-Match named the file (answer 304 with its ETag). */
  async publicContent(slug: string, fileId: string | null, cancel: AbortSignal, ifNoneMatch?: string, variant: PageImageVariant | null = null): Promise<PublicContentFile> {
    const res = await this.call(publicContentPath(slug, fileId, variant), { headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} }, cancel);
    const head = { etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control') ?? 'no-cache' };
    if (res.status === 304) return { ...head, body: null, contentType: '', contentDisposition: '', contentLength: null };
    if (!res.body) throw new DomainError(ErrorCode.Internal, 'The qr-service sent no file');
    return {
      ...head,
      body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      contentDisposition: res.headers.get('content-disposition') ?? 'attachment',
      contentLength: res.headers.get('content-length'),
    };
  }

  /**
   * Errors come back as the DomainError the qr-service raised, or as Timeout / Unavailable. The
   * caller's deadline bounds the wait for the answer's head; a body may take longer (an export).
   */
  private async call(
    path: string,
    init: { method?: string; headers: Record<string, string>; body?: string | Buffer | ReadableStream<Uint8Array>; duplex?: 'half' },
    cancel?: AbortSignal,
    ownTimeoutMs?: number,
  ): Promise<Response> {
    const timeoutMs = ownTimeoutMs ?? requestContext.remainingMs() ?? this.config.messageTimeoutMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DOMException('no answer in time', 'TimeoutError')), Math.max(timeoutMs, 1));
    const send = () =>
      fetch(`${this.config.qrInternalUrl}${path}`, {
        ...init,
        headers: {
          ...init.headers,
          [INTERNAL_TOKEN_HEADER]: this.token,
          [REQUEST_ID_HEADER]: requestContext.currentOrNew().requestId,
        },
        signal: cancel ? AbortSignal.any([deadline.signal, cancel]) : deadline.signal,
      });
    let res: Response;
    try {
      try {
        res = await send();
      } catch (error) {
        // A kept-alive connection the qr-service closed as this request went out on it (a replica
        // restarting or shutting down): a request without a body is sent once more, on a new one.
        if (init.body !== undefined || !connectionLost(error) || deadline.signal.aborted || cancel?.aborted) throw error;
        res = await send();
      }
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new DomainError(ErrorCode.Timeout, `The qr-service did not answer within ${Math.round(timeoutMs / 100) / 10}s`);
      }
      throw new DomainError(ErrorCode.Unavailable, `Could not reach the qr-service: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
    if (res.ok || res.status === 304) return res;
    const body: unknown = await res.json().catch(() => null);
    if (isErrorBody(body)) throw DomainError.fromBody(body);
    throw new DomainError(ErrorCode.Internal, `The qr-service answered ${res.status} for ${path.split('?')[0]}`);
  }
}

/** Connection errors of Node's fetch where the request may have gone out but no answer came. */
const LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Whether fetch failed because the connection was closed under the request (not a timeout or a refusal). */
function connectionLost(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' && LOST.has(cause.code);
}
