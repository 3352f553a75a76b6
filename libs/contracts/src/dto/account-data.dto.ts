/**
 * "Your data": the self-service export of everything the account holds (a ZIP built in the
 * background by the qr-service, mailed as a link) and the profile picture.
 */
export type DataExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

export interface DataExportView {
  id: string;
  status: DataExportStatus;
  /** 0-100: codes written, then scans written against the count taken when the build started. */
  progress: number;
  createdAt: string;
  finishedAt: string | null;
  /** When the file is deleted and the link stops working (ready exports only). */
  expiresAt: string | null;
  sizeBytes: number | null;
  codes: number | null;
  scans: number | null;
  /** Why a failed export failed, in words for the owner. */
  error: string | null;
}

/** The answer of GET /api/account/data-export: the latest export, or none yet. */
export interface LatestDataExport {
  export: DataExportView | null;
}

/**
 * The gateway's download route of an export. A link (the page's, the mail's) cannot send the
 * X-Workspace header: the export of a shared workspace names it in `?workspace=`.
 */
export function dataExportDownloadPath(exportId: string, workspaceId?: string | null): string {
  const path = `/api/account/data-export/${encodeURIComponent(exportId)}/download`;
  return workspaceId ? `${path}?workspace=${encodeURIComponent(workspaceId)}` : path;
}

/** Uploads above this are refused with 413 before anything reads them. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Stored pictures are this many pixels square (WebP, metadata stripped). */
export const PROFILE_PICTURE_SIZE = 256;
export const PROFILE_PICTURE_PATH = '/api/profile/picture';

/** The stored picture: its ETag, and the bytes unless the caller's If-None-Match already names them. */
export interface ProfilePictureFile {
  etag: string;
  contentType: string;
  base64: string | null;
}

/** What the billing-service holds of a user, for the export (no card numbers: it has none). */
export interface BillingRecordsExport {
  customers: { provider: string; email: string; createdAt: string }[];
  subscriptions: {
    provider: string;
    status: string;
    interval: string;
    seats: number;
    unitAmountCents: number;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    cardBrand: string | null;
    cardLast4: string | null;
    createdAt: string;
  }[];
  seatPurchases: { createdAt: string; result: unknown }[];
}
