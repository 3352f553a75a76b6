import { hash } from 'node:crypto';
import type { CampaignCity, CampaignDevice, CampaignEntry, CampaignOs, CampaignRule, CampaignTimeWindow, CampaignVariant, RedirectEntry } from '@qrd/contracts';
import type { ScanPlace } from './scan-places';

/**
 * What the resolution may ask of a scan. The route answers lazily (a user agent is parsed only for
 * a code with OS or device rules), the unit tests with plain values.
 */
export interface ScanFacts {
  /** Milliseconds since the epoch (the route's clock). */
  readonly now: number;
  readonly os: CampaignOs;
  readonly deviceType: CampaignDevice;
  /** ISO 3166-1 alpha-2, upper case (the trusted header's, else GeoIP's); null when unknown. */
  readonly country: string | null;
  /** The GeoIP database's region and city of the scanner's address (asked only by codes with such rules). */
  readonly place: ScanPlace;
  /** The first Accept-Language tag, lower case; null without one. */
  readonly language: string | null;
  /** The scanner's query string without the '?' ('' for none). */
  readonly query: string;
  /** Stable for one scanner and one day: keeps a scanner on their A/B variant. */
  readonly visitorHash: string;
  /** The scan limit is used up (the route asked the counter). */
  readonly limitReached?: boolean;
}

/** Where a scan goes: `location` null answers the expired page (the "not live yet" page before the start). */
export interface CampaignOutcome {
  location: string | null;
  /** The A/B variant's name, when the split chose. */
  variant: string | null;
  /** The routing rule that won: its 1-based position in the rules in force (a schedule change may bring its own); null otherwise. */
  rule: number | null;
}

/** Longest scanner query passed on; a longer one is dropped rather than making an unusable Location. */
const MAX_PASSED_QUERY = 2048;

/** Expired by its end date at `now` (the route does not count a scan of such a code). */
export function expiredAt(campaign: CampaignEntry, now: number): boolean {
  return campaign.expiresAt !== undefined && now >= campaign.expiresAt;
}

/** Its start date is still ahead at `now`: not live yet (a scan is not counted either). */
export function scheduledAt(campaign: CampaignEntry, now: number): boolean {
  return campaign.startsAt !== undefined && now < campaign.startsAt;
}

/** Outside its dates at `now`, before the start or from the end on: scans go to the fallback URL or a page. */
export function outsideDates(campaign: CampaignEntry, now: number): boolean {
  return scheduledAt(campaign, now) || expiredAt(campaign, now);
}

/**
 * The destination of one scan of an active code (DESIGN section 4, docs/campaign-controls.md):
 * the dates (before the start, from the end on) and a used-up limit beat everything; then the schedule picks the destination and the
 * rules and split in force; the first matching rule wins, else the split's variant, else the
 * destination; the scanner's query is merged into whichever destination won. Written into `out`
 * when given (the route keeps one: nothing to allocate per scan), else into a new outcome.
 */
export function resolveCampaign(entry: RedirectEntry, facts: ScanFacts, out: CampaignOutcome = { location: null, variant: null, rule: null }): CampaignOutcome {
  const campaign = entry.campaign;
  const destination = entry.destination ?? '';
  out.variant = null;
  out.rule = null;
  if (!campaign) {
    out.location = withQuery(destination, facts.query);
    return out;
  }
  if (outsideDates(campaign, facts.now) || facts.limitReached) {
    out.location = campaign.fallbackUrl ?? null;
    return out;
  }

  let target = destination;
  let rules = campaign.rules;
  let split = campaign.split;
  let splitTotal = campaign.splitTotal;
  const schedule = campaign.schedule;
  if (schedule) {
    for (let i = schedule.length - 1; i >= 0; i--) {
      const change = schedule[i];
      if (change.at <= facts.now) {
        target = change.destination;
        if (change.rules) rules = change.rules;
        if (change.split) {
          split = change.split;
          splitTotal = change.splitTotal;
        }
        break;
      }
    }
  }
  const matched = rules ? firstMatchAt(rules, facts) : -1;
  if (matched >= 0) {
    target = (rules as CampaignRule[])[matched].destination;
    out.rule = matched + 1;
  } else if (split && splitTotal) {
    const chosen = pickVariant(split, splitTotal, facts.visitorHash, entry.codeId);
    target = chosen.destination;
    out.variant = chosen.name;
  }
  out.location = campaign.passQuery === false ? target : withQuery(target, facts.query);
  return out;
}

export function firstMatch(rules: CampaignRule[], facts: ScanFacts): CampaignRule | undefined {
  const at = firstMatchAt(rules, facts);
  return at < 0 ? undefined : rules[at];
}

/** The index of the first rule the scan matches, -1 for none (an index, so the outcome can name the rule without allocating). */
export function firstMatchAt(rules: CampaignRule[], facts: ScanFacts): number {
  for (let i = 0; i < rules.length; i++) if (ruleMatches(rules[i], facts)) return i;
  return -1;
}

export function ruleMatches(rule: CampaignRule, facts: ScanFacts): boolean {
  if (rule.os && !rule.os.includes(facts.os)) return false;
  if (rule.device && !rule.device.includes(facts.deviceType)) return false;
  if (rule.country) {
    const country = facts.country;
    if (country === null || !rule.country.includes(country)) return false;
  }
  if (rule.region) {
    const region = facts.place.region;
    if (region === null || !rule.region.includes(region)) return false;
  }
  if (rule.city && !inCities(rule.city, facts.place)) return false;
  if (rule.language) {
    const language = facts.language;
    if (language === null || !rule.language.some((tag) => language === tag || language.startsWith(`${tag}-`))) return false;
  }
  if (rule.time && !inWindow(rule.time, facts.now)) return false;
  return true;
}

/** The entry's cities are keys already (toCampaignEntry); one without a country is that name anywhere. */
function inCities(cities: CampaignCity[], place: ScanPlace): boolean {
  const city = place.city;
  if (city === null) return false;
  for (const wanted of cities) {
    if (wanted.name === city && (wanted.country === undefined || wanted.country === place.country)) return true;
  }
  return false;
}

/**
 * The variant for this scanner today: the same visitor hash always lands on the same one. The point
 * on the split comes from SHA-256 over the code id and the visitor hash, so every code splits the
 * same visitors independently (a weak hash such as FNV-1a gives two-way splits that depend only on
 * the visitor, the code flipping the whole split at most). About 0.5 us a call (BENCHMARKS.md).
 */
export function pickVariant(split: CampaignVariant[], total: number, visitorHash: string, codeId: string): CampaignVariant {
  // 48 bits of the digest: the modulo's bias is below one in a billion for any allowed total.
  let point = parseInt(hash('sha256', `${codeId}|${visitorHash}`, 'hex').slice(0, 12), 16) % total;
  for (const variant of split) {
    if (point < variant.weight) return variant;
    point -= variant.weight;
  }
  return split[split.length - 1];
}

/**
 * The destination with the scanner's query merged in: the destination's own parameters kept
 * except those the scanner also sent (the scanner's win), in their raw spelling.
 */
export function withQuery(destination: string, query: string): string {
  if (query.length === 0 || query.length > MAX_PASSED_QUERY) return destination;
  const incoming = query.split('&').filter((pair) => pair.length > 0).map(safePair);
  if (incoming.length === 0) return destination;
  const hashAt = destination.indexOf('#');
  const hash = hashAt < 0 ? '' : destination.slice(hashAt);
  const beforeHash = hashAt < 0 ? destination : destination.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const own = queryAt < 0 ? [] : beforeHash.slice(queryAt + 1).split('&').filter((pair) => pair.length > 0);
  const sent = new Set(incoming.map(keyOf));
  const kept = own.filter((pair) => !sent.has(keyOf(pair)));
  return `${base}?${kept.concat(incoming).join('&')}${hash}`;
}

function keyOf(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Only URL-safe characters reach the Location header: anything else is percent-encoded. */
function safePair(pair: string): string {
  return /^[\x21-\x7e]*$/.test(pair) && !pair.includes('#') ? pair : pair.replace(/[^\x21-\x22\x24-\x7e]/g, (c) => encodeURIComponent(c));
}

interface LocalMinute {
  /** The minute this was computed for (ms since the epoch / 60000). */
  minute: number;
  day: number;
  /** Minutes since local midnight. */
  ofDay: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone, the local day and time of the last minute asked: computed once a minute, not per scan. */
const lastMinute = new Map<string, LocalMinute>();

export function localMinute(zone: string, now: number): LocalMinute {
  const minute = Math.floor(now / 60_000);
  const cached = lastMinute.get(zone);
  if (cached && cached.minute === minute) return cached;
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(zone, format);
  }
  let day = 0;
  let hour = 0;
  let min = 0;
  for (const part of format.formatToParts(new Date(minute * 60_000))) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') min = Number(part.value);
  }
  const local = { minute, day, ofDay: hour * 60 + min };
  lastMinute.set(zone, local);
  return local;
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

export function inWindow(window: CampaignTimeWindow, now: number): boolean {
  const local = localMinute(window.zone, now);
  let day = local.day;
  if (window.from !== undefined && window.to !== undefined) {
    const from = minutesOf(window.from);
    const to = minutesOf(window.to);
    if (from < to) {
      if (local.ofDay < from || local.ofDay >= to) return false;
    } else if (local.ofDay >= to && local.ofDay < from) return false;
    // After midnight in a window that began the evening before: that evening's day counts.
    else if (from > to && local.ofDay < to) day = (day + 6) % 7;
  }
  return !window.days?.length || window.days.includes(day);
}
