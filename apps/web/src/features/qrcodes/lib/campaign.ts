import { type CampaignCity, type CampaignDevice, type CampaignOs, type CampaignRule, type CampaignSettings, placeKey } from '@qrd/contracts';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Record<UtmField, string>;

/** The operating systems' own names (not translated); 'other' is a word, see osLabel. */
const OS_NAMES: Record<Exclude<CampaignOs, 'other'>, string> = { ios: 'iOS', android: 'Android', windows: 'Windows', macos: 'macOS' };

const messages: Record<'otherOs' | 'moreOs' | 'time' | 'join', MessageDescriptor> = defineMessages({
  otherOs: { id: 'codesCreate.campaign.os.other', defaultMessage: 'Other' },
  moreOs: { id: 'codesCreate.campaign.conditions.moreOs', defaultMessage: 'or {systems}' },
  time: {
    id: 'codesCreate.campaign.conditions.time',
    defaultMessage: '{hasDays, select, yes {{days} } other {}}{hasHours, select, yes {{from}-{to} } other {}}({zone})',
  },
  join: { id: 'codesCreate.campaign.conditions.join', defaultMessage: '{first}; {next}' },
});

const DEVICES: Record<CampaignDevice, MessageDescriptor> = defineMessages({
  mobile: { id: 'codesCreate.campaign.device.mobile', defaultMessage: 'mobile' },
  tablet: { id: 'codesCreate.campaign.device.tablet', defaultMessage: 'tablet' },
  desktop: { id: 'codesCreate.campaign.device.desktop', defaultMessage: 'desktop' },
  other: { id: 'codesCreate.campaign.device.other', defaultMessage: 'other' },
});

/** An operating system as the rule editor names it. */
export function osLabel(intl: IntlShape, os: CampaignOs): string {
  return os === 'other' ? intl.formatMessage(messages.otherOs) : OS_NAMES[os];
}

/** The destination with the UTM fields filled in set (empty ones removed); the URL as typed when it is not one. */
export function buildUtmUrl(destination: string, utm: Utm): string {
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return destination;
  }
  for (const field of UTM_FIELDS) {
    const value = utm[field].trim();
    if (value) url.searchParams.set(field, value);
    else url.searchParams.delete(field);
  }
  return url.href;
}

export function utmOf(destination: string): Utm {
  const utm = Object.fromEntries(UTM_FIELDS.map((f) => [f, ''])) as Utm;
  try {
    const params = new URL(destination).searchParams;
    for (const field of UTM_FIELDS) utm[field] = params.get(field) ?? '';
  } catch {
    // not a URL yet: empty fields
  }
  return utm;
}

export interface RuleProbe {
  os: CampaignOs;
  country: string;
  language: string;
  region?: string;
  city?: string;
}

/** Where a scan with these traits goes by the rules (first match wins, time windows left aside), and which rule sent it. */
export function previewRules(rules: CampaignRule[], fallback: string, probe: RuleProbe): { destination: string; rule: number | null } {
  const country = probe.country.trim().toUpperCase();
  const language = probe.language.trim().toLowerCase();
  const region = placeKey(probe.region ?? '');
  const city = placeKey(probe.city ?? '');
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    if (rule.os?.length && !rule.os.includes(probe.os)) continue;
    if (rule.country?.length && !rule.country.includes(country)) continue;
    if (rule.language?.length && !rule.language.some((tag) => language === tag.toLowerCase() || language.startsWith(`${tag.toLowerCase()}-`))) continue;
    if (rule.region?.length && !rule.region.some((r) => placeKey(r) === region)) continue;
    if (rule.city?.length && !rule.city.some((c) => placeKey(c.name) === city && (!c.country || c.country === country))) continue;
    if (rule.device?.length || rule.time) continue;
    return { destination: rule.destination, rule: i };
  }
  return { destination: fallback, rule: null };
}

/** ISO instant -> the value of a datetime-local input in the browser's zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the owner's zone) -> ISO with the offset; '' -> null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Comma-separated text -> a list (trimmed, empty entries dropped). */
export function listOf(text: string, upper = false): string[] {
  return text
    .split(',')
    .map((item) => (upper ? item.trim().toUpperCase() : item.trim()))
    .filter(Boolean);
}

/** 'Munich (DE), Lyon' -> cities: a country in brackets after a name narrows it to that country. */
export function citiesOf(text: string): CampaignCity[] {
  return listOf(text).map((item) => {
    const qualified = /^(.*?)\s*\(([^()]*)\)$/.exec(item);
    if (!qualified) return { name: item };
    const country = qualified[2].trim().toUpperCase();
    return country ? { name: qualified[1], country } : { name: qualified[1] };
  });
}

/** Cities as the editor shows them ('Munich (DE), Lyon'). */
export function cityText(cities: CampaignCity[] | undefined): string {
  return (cities ?? []).map((c) => (c.country ? `${c.name} (${c.country})` : c.name)).join(', ');
}

/** The settings as the server takes them: empty parts left out. */
export function cleanSettings(settings: CampaignSettings): CampaignSettings {
  const out: CampaignSettings = {};
  if (settings.passQuery === false) out.passQuery = false;
  if (settings.passScanId === true) out.passScanId = true;
  if (settings.startsAt) out.startsAt = settings.startsAt;
  if (settings.expiresAt) out.expiresAt = settings.expiresAt;
  if (settings.scanLimit) out.scanLimit = settings.scanLimit;
  if (settings.fallbackUrl) out.fallbackUrl = settings.fallbackUrl;
  if (settings.schedule?.length) out.schedule = settings.schedule;
  if (settings.rules?.length) out.rules = settings.rules.map((rule) => Object.fromEntries(Object.entries(rule).filter(([, v]) => !(Array.isArray(v) && v.length === 0))) as CampaignRule);
  if (settings.split?.length) out.split = settings.split;
  return out;
}

/** Weekday 0 (Sunday) to 6, abbreviated in the shown language (1 January 2023 was a Sunday). */
function weekday(intl: IntlShape, day: number): string {
  return intl.formatDate(Date.UTC(2023, 0, 1 + day), { weekday: 'short', timeZone: 'UTC' });
}

/**
 * The conditions of a rule the form has no field for (further operating systems, device types, a
 * time window; set through the API), in words; null when there are none.
 */
export function describeConditions(intl: IntlShape, rule: CampaignRule, shownOs: CampaignOs | ''): string | null {
  const parts: string[] = [];
  const moreOs = (rule.os ?? []).filter((os) => os !== shownOs);
  if (moreOs.length) parts.push(intl.formatMessage(messages.moreOs, { systems: intl.formatList(moreOs.map((os) => osLabel(intl, os)), { type: 'unit', style: 'short' }) }));
  if (rule.device?.length) parts.push(intl.formatList(rule.device.map((device: CampaignDevice) => intl.formatMessage(DEVICES[device])), { type: 'disjunction' }));
  if (rule.time) {
    const days = rule.time.days ?? [];
    const hours = Boolean(rule.time.from && rule.time.to);
    parts.push(
      intl.formatMessage(messages.time, {
        hasDays: days.length ? 'yes' : 'no',
        days: intl.formatList(days.map((d) => weekday(intl, d)), { type: 'unit', style: 'short' }),
        hasHours: hours ? 'yes' : 'no',
        from: rule.time.from ?? '',
        to: rule.time.to ?? '',
        zone: rule.time.zone,
      }),
    );
  }
  return parts.length ? parts.reduce((first, next) => intl.formatMessage(messages.join, { first, next })) : null;
}

/** A path of the server's messages that the form shows beside its field, rule, switch or variant. */
export function isPlacedField(path: string): boolean {
  return /^(startsAt|expiresAt|scanLimit|fallbackUrl|split)$/.test(path) || /^(rules|schedule|split)\.\d+(\.|$)/.test(path);
}
