import { parseInstant, type CampaignEntry, type CampaignRule, type CampaignSettings, type CampaignTargetEntry, type CampaignVariant } from './campaign.dto';
import { placeKey } from './campaign-places';

/** The query parameter that carries a scan's id to the destination of a code that sends it (conversions). */
export const SCAN_ID_PARAM = 'qrd_id';

/** The campaign settings (already checked) as the redirect table's entry carries them. */

function target(rules: CampaignRule[] | undefined, split: CampaignVariant[] | undefined): CampaignTargetEntry {
  const out: CampaignTargetEntry = {};
  if (rules?.length) out.rules = rules.map(entryRule);
  if (split?.length) {
    out.split = split;
    out.splitTotal = split.reduce((sum, v) => sum + v.weight, 0);
  }
  return out;
}

/** Languages in lower case, places as their keys (placeKey): the redirect-service compares them as they are. */
function entryRule(rule: CampaignRule): CampaignRule {
  const out = { ...rule };
  if (rule.language) out.language = rule.language.map((l) => l.toLowerCase());
  if (rule.region) out.region = rule.region.map(placeKey);
  if (rule.city) out.city = rule.city.map((c) => (c.country ? { name: placeKey(c.name), country: c.country } : { name: placeKey(c.name) }));
  return out;
}

/** What the rules ask of the scanner's address (CampaignEntry.geo). */
function geoOf(rules: (CampaignRule[] | undefined)[]): CampaignEntry['geo'] {
  const all = rules.flatMap((list) => list ?? []);
  if (all.some((r) => r.region?.length || r.city?.length)) return 'place';
  return all.some((r) => r.country?.length) ? 'country' : undefined;
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
  const geo = geoOf([settings.rules, ...(settings.schedule ?? []).map((s) => s.rules)]);
  if (geo) entry.geo = geo;
  return Object.keys(entry).length ? entry : undefined;
}
