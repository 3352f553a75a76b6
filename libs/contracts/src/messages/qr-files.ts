import type { PrintLayout } from '../dto/print-download.dto';
import type { QrImageFormat } from '../dto/qr.dto';
import type { QrDesignInput } from './qr.messages';

/**
 * Files of codes (renders up to 4096 px, previews, the scans export of any length) never travel
 * over the queues: the gateway fetches them from these internal HTTP routes of the qr-service,
 * which answer only callers that send the internal token (INTERNAL_TOKEN_HEADER, @qrd/messaging).
 * A failure before the body starts answers 422 (or 500) with an ErrorBody, which the gateway
 * raises as the DomainError it names.
 */
export enum QrFileRoute {
  /**
   * GET ?userId&format&size[&printPt&bleedPt&cropMarks], with the browser's If-None-Match: the file with its ETag,
   * Content-Type and Content-Disposition, or 304 with the ETag alone.
   */
  Download = 'internal/qr/codes/:codeId/download',
  /** POST QrPreviewRequest: the saved design, or a proposed one, as image/png. */
  Preview = 'internal/qr/codes/:codeId/preview',
  /**
   * GET ?userId: every stored scan of the code as CSV, newest first, streamed from a database
   * cursor as it is read (no row limit, constant memory), with its Content-Disposition.
   */
  ScansCsv = 'internal/qr/codes/:codeId/scans.csv',
  /** The same scans as newline-delimited JSON (the public API's export). */
  ScansNdjson = 'internal/qr/codes/:codeId/scans.ndjson',
  /**
   * GET ?userId: a ready data export of that user as application/zip, streamed from storage;
   * NotFound for anyone else's, Gone once expired.
   */
  DataExport = 'internal/qr/data-exports/:exportId',
  /**
   * POST QrArchiveQuery: the codes as application/zip, one file per code, written as each is
   * rendered. NotFound (before any byte) when any of them is not the user's live code.
   */
  Archive = 'internal/qr/archive',
  /**
   * POST ?userId&purpose=file|image&name, the uploaded file as the body: checked by its bytes,
   * images re-encoded, stored; answers a ContentFileView.
   */
  ContentUpload = 'internal/qr/content-files',
  /** GET: a file of an active content code's page (Content-Type, Content-Disposition, Content-Length). */
  PublicFile = 'internal/qr/pages/:slug/files/:fileId',
  /**
   * POST ?userId, the CSV file streamed as the body (up to BULK_IMPORT_MAX_BYTES): read and checked
   * as it arrives, its rows stored in batches; answers the draft's BulkImportView (201).
   */
  BulkImportUpload = 'internal/qr/imports',
  /** GET ?userId: the import's result file (every row with its short link or why not), streamed. */
  BulkImportResult = 'internal/qr/imports/:importId/result.csv',
  /** GET: an active contact card code's vCard. */
  PublicVcard = 'internal/qr/pages/:slug/contact.vcf',
}

/** On a Download answer: 'miss' when it cost a render, 'hit' when the render cache or the ETag answered. */
export const RENDER_CACHE_HEADER = 'x-render-cache';

export interface QrDownloadQuery {
  userId: string;
  format: QrImageFormat;
  size: number;
  /** A PDF for print (query printPt, bleedPt, cropMarks): its page instead of `size`. */
  print?: PrintLayout | null;
}

export interface QrPreviewRequest {
  userId: string;
  /** A design not saved yet (the editor's live preview); the saved one without it. */
  design?: QrDesignInput;
}

/** The path of a route for one code. */
export function qrFilePath(route: QrFileRoute, codeId: string): string {
  return `/${route.replace(':codeId', encodeURIComponent(codeId))}`;
}

/** The path of a user's data export file. */
export function dataExportFilePath(exportId: string): string {
  return `/${QrFileRoute.DataExport.replace(':exportId', encodeURIComponent(exportId))}`;
}

/** The path of a hosted page's file, or of its vCard (fileId null). */
/**
 * A hosted page's photo or avatar as the page shows it (`?variant=avatar`): a small square WebP
 * made from the upload, a few kB for a scanner on a phone network instead of the 1024 px original.
 */
export const PAGE_IMAGE_VARIANTS = ['avatar'] as const;
export type PageImageVariant = (typeof PAGE_IMAGE_VARIANTS)[number];
/** Its edge in pixels: the page shows it at 112 CSS px, sharp on a 2x screen. */
export const PAGE_AVATAR_PX = 240;

export function publicContentPath(slug: string, fileId: string | null, variant: PageImageVariant | null = null): string {
  const route = fileId === null ? QrFileRoute.PublicVcard : QrFileRoute.PublicFile.replace(':fileId', encodeURIComponent(fileId));
  return `/${route.replace(':slug', encodeURIComponent(slug))}${variant ? `?variant=${variant}` : ''}`;
}

/** The path of an import's result file. */
export function bulkImportResultPath(importId: string): string {
  return `/${QrFileRoute.BulkImportResult.replace(':importId', encodeURIComponent(importId))}`;
}
