import { parseInstant, type CampaignSettings } from './campaign.dto';
import type { QrCodeState } from './qr.dto';

/**
 * What a scan of the code meets right now: the stored state (active, or deactivated/suspended),
 * then the campaign controls the redirect-service applies on every scan: the start not reached yet
 * ('scheduled', answered with the "not live yet" page), the end date passed ('expired') or the scan
 * limit used up ('scan_limit_reached'), each answered with the 410 expired page; all three send
 * scans to the fallback URL when there is one.
 */
export const EFFECTIVE_STATES = ['active', 'deactivated', 'suspended', 'scheduled', 'expired', 'scan_limit_reached'] as const;
export type EffectiveState = (typeof EFFECTIVE_STATES)[number];

/**
 * The effective state of a code at `now` (ms). `scansUsed` is the scan-limit counter the
 * redirect-service keeps (null when not read: the limit counts as not reached).
 */
export function effectiveStateOf(
  code: { state: QrCodeState; campaign?: CampaignSettings | null },
  now: number,
  scansUsed: number | null,
): EffectiveState {
  if (code.state !== 'active') return code.state;
  const campaign = code.campaign;
  if (!campaign) return 'active';
  const startsAt = parseInstant(campaign.startsAt);
  if (startsAt !== null && now < startsAt) return 'scheduled';
  const expiresAt = parseInstant(campaign.expiresAt);
  if (expiresAt !== null && now >= expiresAt) return 'expired';
  if (campaign.scanLimit && scansUsed !== null && scansUsed >= campaign.scanLimit) return 'scan_limit_reached';
  return 'active';
}
