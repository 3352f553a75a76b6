import type { CampaignEntry } from '../dto/campaign.dto';
import type { StoredContent } from '../dto/content.dto';

/**
 * The redirect table the qr-service writes and every redirect-service reads: one entry a slug,
 * its Redis keys and channel, and the scan-limit counters beside it.
 */

export interface RedirectEntry {
  codeId: string;
  /** Destination URL, or null when the code is not redirecting. */
  destination: string | null;
  /**
   * 'deleted': a tombstone (the slug stays reserved), answered like an unknown slug. 'closed': a
   * code of a deleted account (a tombstone too), answered with the 410 "not active" page. 'disabled':
   * taken down by an admin for abuse (HTTP 451 page) until restored.
   */
  state: 'active' | 'deactivated' | 'suspended' | 'deleted' | 'closed' | 'disabled';
  /**
   * Raised by every change of the code or of its owner's state; the table keeps the highest one
   * written (compare-and-set), so a late write never replaces a newer state.
   */
  version: number;
  /** Campaign controls (docs/campaign-controls.md); absent for a plain code. */
  campaign?: CampaignEntry;
  /**
   * A content code's page (docs/content-codes.md), while the code is active: the redirect-service
   * renders it where the scan lands, without asking the qr-service.
   */
  content?: StoredContent;
}

/** A code's scan-limit counter in Redis: counted (human) scans so far. */
export function scanLimitKey(redisPrefix: string, codeId: string): string {
  return `${redisPrefix}:scan-limit:${codeId}`;
}

/**
 * The Redis redirect table (one key per slug, JSON RedirectEntry) that the qr-service writes
 * through on every change and the redirect-service reads; changed slugs are published on the
 * channel so every redirect-service replica drops its in-process copy at once.
 */
export function redirectTableKey(redisPrefix: string, slug: string): string {
  return `${redisPrefix}:redirect:${slug}`;
}
export function redirectChangesChannel(redisPrefix: string): string {
  return `${redisPrefix}:redirect-changes`;
}
/**
 * Present (holding the generation) while the table holds every code: a slug missing from it is
 * unknown. Set by a full rebuild; gone with the rest of the data when Redis loses it.
 */
export function redirectTableCompleteKey(redisPrefix: string): string {
  return `${redisPrefix}:{redirect-table}:complete`;
}
/**
 * The lease of the rebuild in progress (one qr-service replica at a time). In the marker's hash
 * slot: the script that marks the table complete checks the lease in the same call, which a Redis
 * Cluster allows only within one slot.
 */
export function redirectTableBuildKey(redisPrefix: string): string {
  return `${redisPrefix}:{redirect-table}:build`;
}

/** A slug: 7 base62 characters. */
/** Generated slugs (7 base62 characters) and custom ones (4-32 of A-Z a-z 0-9 - _). */
export const SLUG_PATTERN = /^[0-9A-Za-z_-]{4,32}$/;

/**
 * The custom domains the redirect-service answers for (DESIGN section 12): a hash of hostname ->
 * JSON RedirectHost, written by the qr-service when a domain is verified, changed or dropped; each
 * change is published on the channel so every replica reloads the set. A host not in it (and not
 * the default host) is unknown: 404 without any lookup.
 */
export function redirectHostsKey(redisPrefix: string): string {
  return `${redisPrefix}:redirect-hosts`;
}
export function redirectHostChangesChannel(redisPrefix: string): string {
  return `${redisPrefix}:redirect-host-changes`;
}

/**
 * The live feed of a code's scans (its analytics page): the qr-service publishes each stored batch's
 * scans of a code on its channel, but only while someone watches it (the gateway keeps the watch
 * key alive, with an expiry, while a page listens).
 */
export function scanFeedChannel(redisPrefix: string, codeId: string): string {
  return `${redisPrefix}:scan-feed:${codeId}`;
}
export function scanFeedWatchKey(redisPrefix: string, codeId: string): string {
  return `${redisPrefix}:scan-feed-watch:${codeId}`;
}
