import { parseInstant, type CampaignEntry, type CampaignRule, type CampaignSettings, type CampaignTargetEntry, type CampaignVariant } from './campaign.dto';

/** The query parameter that carries a scan's id to the destination of a code that sends it (conversions). */
export const SCAN_ID_PARAM = 'qrd_id';

/** The campaign settings (already checked) as the redirect table's entry carries them. */

function target(rules: CampaignRule[] | undefined, split: CampaignVariant[] | undefined): CampaignTargetEntry {
  const out: CampaignTargetEntry = {};
  if (rules?.length) out.rules = rules.map((r) => ({ ...r, ...(r.language ? { language: r.language.map((l) => l.toLowerCase()) } : {}) }));
  if (split?.length) {
    out.split = split;
    out.splitTotal = split.reduce((sum, v) => sum + v.weight, 0);
  }
  return out;
}

/** Settings (already checked) as the redirect entry carries them; undefined when nothing is set. */
export function toCampaignEntry(settings: CampaignSettings | null | undefined): CampaignEntry | undefined {
  if (!settings) return undefined;
  const entry: CampaignEntry = target(settings.rules, settings.split);
  if (settings.passQuery === false) entry.passQuery = false;
  if (settings.passScanId === true) entry.scanIdParam = SCAN_ID_PARAM;
  const startsAt = parseInstant(settings.startsAt);
  if (startsAt !== null) entry.startsAt = startsAt;
  const expiresAt = parseInstant(settings.expiresAt);
  if (expiresAt !== null) entry.expiresAt = expiresAt;
  if (settings.scanLimit) entry.scanLimit = settings.scanLimit;
  if (settings.fallbackUrl) entry.fallbackUrl = settings.fallbackUrl;
  if (settings.schedule?.length) {
    entry.schedule = settings.schedule
      .map((s) => ({ at: parseInstant(s.at) ?? 0, destination: s.destination, ...target(s.rules, s.split) }))
      .sort((a, b) => a.at - b.at);
  }
  return Object.keys(entry).length ? entry : undefined;
}
