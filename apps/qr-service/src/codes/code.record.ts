import { effectiveStateOf, redirectTableSlug, toCampaignEntry, type UniqueWindow, DEFAULT_UNIQUE_WINDOW, type CampaignSettings, type StoredContent, type QrCategory, type QrCodeState, type QrCodeView, type QrDesignView, type RedirectEntry } from '@qrd/contracts';
import { DEFAULT_DESIGN, QrDesign } from '../rendering';

/** A row of qr.codes with its all-time counters, as the repository returns it. */
export interface CodeRecord {
  id: string;
  slug: string;
  /** The custom domain its link uses (qr.domains), null for the default host; and that domain's hostname. */
  domainId: string | null;
  domainHost: string | null;
  ownerId: string;
  name: string;
  destination: string;
  category: QrCategory | null;
  /** Normalised free tags (qr.codes.tags). */
  tags: string[];
  folderId: string | null;
  design: QrDesign;
  deactivatedByOwner: boolean;
  suspendedBilling: boolean;
  suspendedAccount: boolean;
  state: QrCodeState;
  createdAt: Date;
  updatedAt: Date;
  destinationUpdatedAt: Date | null;
  deletedAt: Date | null;
  /** Raised by every change of the redirect (see the code-versions migration). */
  version: number;
  /** When its image was first downloaded (null: never). */
  downloadedAt: Date | null;
  /** Set while an admin has taken the code down (abuse); its scans see the "disabled" page. */
  takenDownAt: Date | null;
  takedownReason: string | null;
  /** Campaign controls as the owner set them (qr.codes.campaign). */
  campaign: CampaignSettings | null;
  /** argon2 hash of the code's password (password-protected codes), or null. */
  passwordHash: string | null;
  /** A page we host (content codes); null for a website code. */
  content: StoredContent | null;
  /** How often one visitor counts as unique in the code's analytics (qr.codes.unique_window). */
  uniqueWindow: UniqueWindow;
  scans: number;
  lastScanAt: Date | null;
}

/** The hostname of the code's custom domain (`c` is qr.codes), null on the default host. */
const DOMAIN_HOST = `(SELECT d.hostname FROM qr.domains d WHERE d.id = c.domain_id)`;

/** The select list behind CodeRecord (`c` is qr.codes, `s` its qr.code_stats row). */
export const CODE_COLUMNS = `
  c.id, c.slug, c.domain_id AS "domainId", ${DOMAIN_HOST} AS "domainHost", c.owner_id AS "ownerId", c.name, c.destination, c.category, c.tags, c.folder_id AS "folderId", c.design,
  c.deactivated_by_owner AS "deactivatedByOwner", c.suspended_billing AS "suspendedBilling",
  c.suspended_account AS "suspendedAccount", c.state, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  c.destination_updated_at AS "destinationUpdatedAt", c.deleted_at AS "deletedAt", c.version,
  c.downloaded_at AS "downloadedAt", c.taken_down_at AS "takenDownAt", c.takedown_reason AS "takedownReason", c.campaign, c.password_hash AS "passwordHash", c.content,
  c.unique_window AS "uniqueWindow", coalesce(s.scans, 0)::int AS scans, s.last_scan_at AS "lastScanAt"`;

export const CODE_FROM = `qr.codes c LEFT JOIN qr.code_stats s ON s.code_id = c.id`;

/** Designs are stored as given by validateDesign; fill gaps so older rows still render. */
export function storedDesign(value: unknown): QrDesign {
  return { ...DEFAULT_DESIGN, ...(typeof value === 'object' && value !== null ? (value as Partial<QrDesign>) : {}) };
}

/** The code's shareable link, whose visits are clicks: /l/{slug} on either host. */
export function linkUrl(publicBaseUrl: string, slug: string, domainHost: string | null = null): string {
  return domainHost === null ? `${publicBaseUrl}/l/${slug}` : `https://${domainHost}/l/${slug}`;
}

/** The link a code's image encodes: `/r/{slug}` on the default host, `https://{domain}/{slug}` on a custom domain. */
export function shortUrl(publicBaseUrl: string, slug: string, domainHost: string | null = null): string {
  return domainHost === null ? `${publicBaseUrl}/r/${slug}` : `https://${domainHost}/${slug}`;
}

/** A design as the web app sees it: every setting, and whether there is a logo (not its bytes). */
export function toDesignView(design: QrDesign): QrDesignView {
  return {
    foreground: design.foreground,
    background: design.background,
    errorCorrection: design.errorCorrection,
    margin: design.margin,
    dotStyle: design.dotStyle,
    eyeStyle: design.eyeStyle,
    eyeColour: design.eyeColour,
    gradient: design.gradient,
    transparent: design.transparent,
    frame: design.frame,
    frameText: design.frameText,
    hasLogo: design.logo !== null,
  };
}

/**
 * `now` decides the end date; `scansUsed` is the scan-limit counter (null when not read: the limit
 * counts as not reached).
 */
export function toCodeView(code: CodeRecord, publicBaseUrl: string, now: number = Date.now(), scansUsed: number | null = null): QrCodeView {
  const design = storedDesign(code.design);
  return {
    id: code.id,
    slug: code.slug,
    shortUrl: shortUrl(publicBaseUrl, code.slug, code.domainHost),
    domain: code.domainHost,
    linkUrl: linkUrl(publicBaseUrl, code.slug, code.domainHost),
    name: code.name,
    destinationUrl: code.destination,
    category: code.category,
    tags: code.tags ?? [],
    folderId: code.folderId ?? null,
    design: toDesignView(design),
    state: code.state,
    effectiveState: effectiveStateOf(code, now, scansUsed),
    deactivatedByOwner: code.deactivatedByOwner,
    suspended: { billing: code.suspendedBilling, account: code.suspendedAccount },
    takedown: code.takenDownAt ? { reason: code.takedownReason ?? '', at: code.takenDownAt.toISOString() } : null,
    totalScans: Number(code.scans),
    lastScanAt: code.lastScanAt ? code.lastScanAt.toISOString() : null,
    createdAt: code.createdAt.toISOString(),
    updatedAt: code.updatedAt.toISOString(),
    campaign: code.campaign ?? null,
    passwordProtected: code.passwordHash !== null,
    content: code.content ?? null,
    uniqueWindow: code.uniqueWindow ?? DEFAULT_UNIQUE_WINDOW,
  };
}

/** The columns the redirect table is built from. */
export type RedirectSource = Pick<CodeRecord, 'id' | 'slug' | 'destination' | 'state' | 'version'> & {
  deleted: boolean;
  /** The custom domain's hostname (its key in the redirect table is `host/slug`); absent or null: the default host. */
  domainHost?: string | null;
  /** Taken down by an admin (optional: rows read before takedowns existed are not). */
  takenDown?: boolean;
  /** A code of a deleted account (its tombstone no longer names an owner). */
  ownerErased?: boolean;
} & Partial<Pick<CodeRecord, 'campaign' | 'passwordHash' | 'content'>>;

/** The select list behind RedirectSource (`c` is qr.codes). */
export const REDIRECT_COLUMNS = `c.id, c.slug, ${DOMAIN_HOST} AS "domainHost", c.destination, c.state, c.version, c.deleted_at IS NOT NULL AS deleted,
  c.owner_id IS NULL AS "ownerErased",
  c.taken_down_at IS NOT NULL AS "takenDown", c.campaign, c.password_hash AS "passwordHash", c.content`;

export function redirectSource(code: CodeRecord): RedirectSource {
  const { id, slug, destination, state, version } = code;
  return {
    id,
    slug,
    domainHost: code.domainHost,
    destination,
    state,
    version,
    deleted: code.deletedAt !== null,
    takenDown: code.takenDownAt !== null,
    campaign: code.campaign,
    passwordHash: code.passwordHash,
    content: code.content,
  };
}

/**
 * What the redirect-service needs: where to go, only while the code is active; a deleted code is a
 * tombstone; a code taken down is 'disabled' whatever else holds it.
 */
export function toRedirectEntry(code: RedirectSource): RedirectEntry {
  const state = code.ownerErased ? 'closed' : code.deleted ? 'deleted' : code.takenDown ? 'disabled' : code.state;
  const entry: RedirectEntry = { codeId: code.id, destination: state === 'active' ? code.destination : null, state, version: code.version };
  // A content code's page is rendered where the scan lands, from this entry (no call per scan).
  if (entry.destination !== null && code.content) entry.content = code.content;
  return withCampaign(entry, code);
}

/** The campaign controls join the entry of a code that redirects (a plain code's entry stays as it was). */
function withCampaign(entry: RedirectEntry, code: RedirectSource): RedirectEntry {
  if (entry.destination === null || (!code.campaign && !code.passwordHash)) return entry;
  const campaign = toCampaignEntry(code.campaign) ?? {};
  if (code.passwordHash) campaign.passwordHash = code.passwordHash;
  return Object.keys(campaign).length ? { ...entry, campaign } : entry;
}

/** The code's key in the redirect table (its slug, with its custom domain's host before it). */
export function tableSlugOf(source: Pick<RedirectSource, 'slug' | 'domainHost'>): string {
  return redirectTableSlug(source.domainHost ?? null, source.slug);
}
