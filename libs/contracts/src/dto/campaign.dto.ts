import { registerDecorator } from 'class-validator';
import { UNKNOWN_TIME_ZONE } from './time-zone';
import { type CampaignCity, citiesCover, cityProblems, regionProblems, regionsCover } from './campaign-places';
import { isCountryCode } from './country-code';
import { destinationProblem } from './code-fields';
import type { FieldErrors, NestedFieldErrorsContext } from './validate-dto';

/**
 * Campaign controls of a code (docs/campaign-controls.md): what the owner sets (CampaignSettings,
 * stored on qr.codes, checked here by the gateway and again by the qr-service), and the compact
 * form the redirect entry carries (CampaignEntry), resolved by the redirect-service on every scan.
 */

export const CAMPAIGN_OS = ['ios', 'android', 'windows', 'macos', 'other'] as const;
export type CampaignOs = (typeof CAMPAIGN_OS)[number];
export const CAMPAIGN_DEVICES = ['mobile', 'tablet', 'desktop', 'other'] as const;
export type CampaignDevice = (typeof CAMPAIGN_DEVICES)[number];

export const CAMPAIGN_MAX_RULES = 20;
export const CAMPAIGN_MAX_SWITCHES = 20;
export const CAMPAIGN_MAX_VARIANTS = 10;
export const CAMPAIGN_MAX_SCAN_LIMIT = 1_000_000_000;

/** Time of day and days of the week in a zone; `from` <= time < `to` ('22:00'-'06:00' spans midnight). */
export interface CampaignTimeWindow {
  zone: string;
  /** 0 Sunday .. 6 Saturday; absent or empty: every day. */
  days?: number[];
  /** 'HH:MM'; absent: the whole day. */
  from?: string;
  to?: string;
}

/** A routing rule: every condition given must hold (each list: any of its values); first match wins. */
export interface CampaignRule {
  os?: CampaignOs[];
  device?: CampaignDevice[];
  /**
   * ISO 3166-1 alpha-2, upper case: the trusted CDN header's country when one is configured
   * (TRUSTED_COUNTRY_HEADER), else the GeoIP database's.
   */
  country?: string[];
  /** Subdivisions ('Bavaria', 'England', 'California'), by the GeoIP database; case and accents aside. */
  region?: string[];
  /** Cities by the GeoIP database ([{ name: 'Munich', country: 'DE' }]); case and accents aside. */
  city?: CampaignCity[];
  /** Language tags ('en' matches 'en-GB'), from the scanner's first Accept-Language. */
  language?: string[];
  time?: CampaignTimeWindow;
  destination: string;
}

export interface CampaignVariant {
  /** Shown in analytics ("A", "Spring offer"...). */
  name: string;
  destination: string;
  /** A positive whole number; a variant gets weight / sum of weights of the scanners. */
  weight: number;
}

/** From `at` on, scans go to `destination` (and, when given, this switch's rules and split). */
export interface CampaignSwitch {
  /** ISO date-time with its offset (the owner's zone), e.g. 2026-12-01T09:00:00+01:00. */
  at: string;
  destination: string;
  rules?: CampaignRule[];
  split?: CampaignVariant[];
}

export interface CampaignSettings {
  /** The scanner's query string is passed on to the destination (on by default). */
  passQuery?: boolean;
  /**
   * Conversions (docs/conversions.md): each scan's id goes to the destination as `qrd_id`, so the
   * destination site can report a lead or a sale against it (off by default).
   */
  passScanId?: boolean;
  /** ISO date-time: before then the code is scheduled (not live yet); scans meet a "not live yet" page or the fallback URL. */
  startsAt?: string | null;
  /** ISO date-time: from then on the code is expired. */
  expiresAt?: string | null;
  /** Counted (human) scans after which the code is expired. */
  scanLimit?: number | null;
  /** Where scans before the start or after the end go instead of the "not live yet" or expired page. */
  fallbackUrl?: string | null;
  schedule?: CampaignSwitch[];
  rules?: CampaignRule[];
  split?: CampaignVariant[];
}

/** What a scan may be sent to: the destination chosen by rules or a variant of the split. */
export interface CampaignTargetEntry {
  rules?: CampaignRule[];
  split?: CampaignVariant[];
  /** Sum of the split's weights (precomputed). */
  splitTotal?: number;
}

export interface CampaignSwitchEntry extends CampaignTargetEntry {
  /** Milliseconds since the epoch. */
  at: number;
  destination: string;
}

/**
 * The controls as the redirect entry carries them (absent from the entry of a plain code). Times
 * in milliseconds since the epoch, the schedule sorted, empty lists left out.
 */
export interface CampaignEntry extends CampaignTargetEntry {
  /** false: the scanner's query string is dropped (absent: passed on). */
  passQuery?: false;
  /** The query parameter that carries the scan's id to the destination (conversions), when on. */
  scanIdParam?: string;
  startsAt?: number;
  expiresAt?: number;
  scanLimit?: number;
  fallbackUrl?: string;
  schedule?: CampaignSwitchEntry[];
  /** argon2 hash of the password a scanner gives before the redirect (password-protected codes). */
  passwordHash?: string;
  /**
   * What the rules (of any switch) ask of the scanner's address: 'place' when some rule names a
   * region or city, else 'country' when some rule names a country. The redirect-service opens its
   * GeoIP database only for such a code (for 'country' only without a trusted country header).
   */
  geo?: 'place' | 'country';
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;
const VARIANT_NAME_MAX = 40;

export { isCountryCode } from './country-code';

export function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds of an ISO date-time, or null when it is not one. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

function listOf<T extends string>(
  errors: FieldErrors,
  path: string,
  value: unknown,
  valid: (item: unknown) => boolean,
  message: string,
): T[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > 50 || !value.every(valid)) {
    errors[path] = message;
    return undefined;
  }
  return value.length ? (value as T[]) : undefined;
}

function ruleProblems(errors: FieldErrors, path: string, rules: unknown): void {
  if (rules === undefined || rules === null) return;
  if (!Array.isArray(rules)) {
    errors[path] = 'Routing rules must be a list';
    return;
  }
  if (rules.length > CAMPAIGN_MAX_RULES) {
    errors[path] = `Use at most ${CAMPAIGN_MAX_RULES} routing rules`;
    return;
  }
  rules.forEach((rule: Partial<CampaignRule>, i) => {
    const at = `${path}.${i}`;
    if (typeof rule !== 'object' || rule === null) {
      errors[at] = `Rule ${i + 1} is not a rule`;
      return;
    }
    urlProblem(errors, `${at}.destination`, rule.destination);
    listOf(errors, `${at}.os`, rule.os, (v) => CAMPAIGN_OS.includes(v as CampaignOs), 'The operating system must be iOS, Android, Windows, macOS or other');
    listOf(errors, `${at}.device`, rule.device, (v) => CAMPAIGN_DEVICES.includes(v as CampaignDevice), 'The device type must be mobile, tablet, desktop or other');
    listOf(errors, `${at}.country`, rule.country, isCountryCode, 'Countries must be two-letter ISO codes such as DE or US');
    regionProblems(errors, `${at}.region`, rule.region);
    cityProblems(errors, `${at}.city`, rule.city);
    listOf(errors, `${at}.language`, rule.language, (v) => typeof v === 'string' && LANGUAGE.test(v), 'Languages must be language codes such as en or pt-BR');
    if (rule.time !== undefined && rule.time !== null) {
      const time = rule.time;
      if (typeof time !== 'object' || !isTimeZone(time.zone)) errors[`${at}.time.zone`] = UNKNOWN_TIME_ZONE;
      else {
        listOf(errors, `${at}.time.days`, time.days, (d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 6, 'Days must be 0 (Sunday) to 6 (Saturday)');
        if ((time.from === undefined) !== (time.to === undefined)) errors[`${at}.time`] = 'Give both the start and the end time, or neither';
        else if (time.from !== undefined && (!HH_MM.test(String(time.from)) || !HH_MM.test(String(time.to)))) {
          errors[`${at}.time`] = 'Times must look like 09:30';
        } else if (time.from !== undefined && time.from === time.to) errors[`${at}.time`] = 'The start and end time must differ';
      }
    }
    const conditions = ['os', 'device', 'country', 'region', 'city', 'language', 'time'].filter((k) => {
      const v = (rule as Record<string, unknown>)[k];
      return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
    });
    if (conditions.length === 0) errors[at] = `Rule ${i + 1} has no condition: give it an operating system, device, country, region, city, language or time`;
  });
  if (Object.keys(errors).some((k) => k.startsWith(path))) return;
  const list = rules as CampaignRule[];
  for (let j = 1; j < list.length; j++) {
    for (let i = 0; i < j; i++) {
      if (covers(list[i], list[j])) {
        errors[`${path}.${j}`] = `Rule ${j + 1} can never match: rule ${i + 1} comes first and catches every scan it would`;
        break;
      }
    }
  }
}

/** Every scan matching `later` also matches `earlier`. */
function covers(earlier: CampaignRule, later: CampaignRule): boolean {
  const list = (a?: string[], b?: string[]) => !a?.length || (!!b?.length && b.every((v) => a.includes(v)));
  // 'de' catches 'de-AT' as well (a scanner's language matches a tag or any of its regions).
  const languages = (a?: string[], b?: string[]) =>
    !a?.length || (!!b?.length && b.every((v) => a.some((t) => v.toLowerCase() === t.toLowerCase() || v.toLowerCase().startsWith(`${t.toLowerCase()}-`))));
  return (
    list(earlier.os, later.os) &&
    list(earlier.device, later.device) &&
    list(earlier.country, later.country) &&
    regionsCover(earlier.region, later.region) &&
    citiesCover(earlier.city, later.city) &&
    languages(earlier.language, later.language) &&
    timeCovers(earlier.time, later.time)
  );
}

const MINUTES_A_DAY = 24 * 60;

/** The minutes of the week a window matches (as the redirect-service reads it: a window past midnight belongs to the day it began). */
function weekMinutes(window: CampaignTimeWindow): Uint8Array {
  const week = new Uint8Array(7 * MINUTES_A_DAY);
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const days = window.days?.length ? window.days : [0, 1, 2, 3, 4, 5, 6];
  const from = window.from === undefined ? 0 : minutes(window.from);
  const to = window.to === undefined ? MINUTES_A_DAY : minutes(window.to);
  const end = from < to ? to : to + MINUTES_A_DAY;
  for (const day of days) for (let m = from; m < end; m++) week[(day * MINUTES_A_DAY + m) % week.length] = 1;
  return week;
}

/** Every moment in `later` (absent: always) is also in `earlier` (absent: always), in the same zone. */
function timeCovers(earlier: CampaignTimeWindow | undefined, later: CampaignTimeWindow | undefined): boolean {
  if (!earlier) return true;
  const outer = weekMinutes(earlier);
  if (!later) return outer.every((m) => m === 1);
  if (earlier.zone !== later.zone) return JSON.stringify(earlier) === JSON.stringify(later);
  const inner = weekMinutes(later);
  return inner.every((m, i) => m === 0 || outer[i] === 1);
}

function splitProblems(errors: FieldErrors, path: string, split: unknown): void {
  if (split === undefined || split === null) return;
  if (!Array.isArray(split)) {
    errors[path] = 'The A/B split must be a list of variants';
    return;
  }
  if (split.length === 1) errors[path] = 'An A/B split needs at least two variants';
  if (split.length > CAMPAIGN_MAX_VARIANTS) errors[path] = `Use at most ${CAMPAIGN_MAX_VARIANTS} variants`;
  const names = new Set<string>();
  split.forEach((variant: Partial<CampaignVariant>, i) => {
    const at = `${path}.${i}`;
    if (typeof variant !== 'object' || variant === null) {
      errors[at] = `Variant ${i + 1} is not a variant`;
      return;
    }
    if (typeof variant.name !== 'string' || !variant.name.trim() || variant.name.length > VARIANT_NAME_MAX) {
      errors[`${at}.name`] = `Give each variant a name of at most ${VARIANT_NAME_MAX} characters`;
    } else if (names.has(variant.name.trim())) errors[`${at}.name`] = 'Each variant needs its own name';
    else names.add(variant.name.trim());
    urlProblem(errors, `${at}.destination`, variant.destination);
    if (typeof variant.weight !== 'number' || !Number.isInteger(variant.weight) || variant.weight <= 0 || variant.weight > 1000) {
      errors[`${at}.weight`] = 'Weights must be whole numbers from 1 to 1000';
    }
  });
}

function urlProblem(errors: FieldErrors, path: string, value: unknown): void {
  const problem = destinationProblem(value);
  if (problem) errors[path] = problem;
}

/**
 * Every problem of the settings, by field path (e.g. "schedule.0.at"); empty when they are fine.
 * `now` decides what is in the past.
 */
export function campaignProblems(value: unknown, now: number): FieldErrors {
  const errors: FieldErrors = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { campaign: 'The campaign settings must be an object' };
  const s = value as CampaignSettings;
  if (s.passQuery !== undefined && typeof s.passQuery !== 'boolean') errors.passQuery = 'Query pass-through is on or off';
  if (s.passScanId !== undefined && typeof s.passScanId !== 'boolean') errors.passScanId = 'Sending the scan id to the destination is on or off';
  if (s.expiresAt !== undefined && s.expiresAt !== null) {
    const at = parseInstant(s.expiresAt);
    if (at === null) errors.expiresAt = 'The expiry must be a date and time, such as 2026-12-31T23:59:00+01:00';
    else if (at <= now) errors.expiresAt = 'The expiry is in the past: choose a later date and time';
  }
  // A start already past is allowed: the code is simply live.
  if (s.startsAt !== undefined && s.startsAt !== null) {
    const start = parseInstant(s.startsAt);
    const end = parseInstant(s.expiresAt);
    if (start === null) errors.startsAt = 'The start must be a date and time, such as 2026-12-01T09:00:00+01:00';
    else if (end !== null && start >= end) errors.startsAt = 'The start must be before the expiry';
  }
  if (s.scanLimit !== undefined && s.scanLimit !== null) {
    if (typeof s.scanLimit !== 'number' || !Number.isInteger(s.scanLimit) || s.scanLimit < 1 || s.scanLimit > CAMPAIGN_MAX_SCAN_LIMIT) {
      errors.scanLimit = 'The scan limit must be a whole number of at least 1';
    }
  }
  if (s.fallbackUrl !== undefined && s.fallbackUrl !== null) urlProblem(errors, 'fallbackUrl', s.fallbackUrl);
  ruleProblems(errors, 'rules', s.rules);
  splitProblems(errors, 'split', s.split);
  if (s.schedule !== undefined && s.schedule !== null) {
    if (!Array.isArray(s.schedule)) errors.schedule = 'The schedule must be a list of switches';
    else if (s.schedule.length > CAMPAIGN_MAX_SWITCHES) errors.schedule = `Plan at most ${CAMPAIGN_MAX_SWITCHES} switches`;
    else {
      const seen = new Set<number>();
      s.schedule.forEach((item: Partial<CampaignSwitch>, i) => {
        const path = `schedule.${i}`;
        if (typeof item !== 'object' || item === null) {
          errors[path] = `Switch ${i + 1} is not a switch`;
          return;
        }
        const at = parseInstant(item.at);
        if (at === null) errors[`${path}.at`] = 'The switch time must be a date and time, such as 2026-12-01T09:00:00+01:00';
        else if (at <= now) errors[`${path}.at`] = 'This switch is in the past: choose a later date and time';
        else if (seen.has(at)) errors[`${path}.at`] = 'Two switches are planned for the same moment';
        else seen.add(at);
        urlProblem(errors, `${path}.destination`, item.destination);
        ruleProblems(errors, `${path}.rules`, item.rules);
        splitProblems(errors, `${path}.split`, item.split);
      });
    }
  }
  return errors;
}

/** Past switches stay in the settings (the code's history) and are not checked again against `now`. */
export function campaignChangeProblems(next: CampaignSettings, previous: CampaignSettings | null, now: number): FieldErrors {
  const kept = new Set((previous?.schedule ?? []).filter((s) => (parseInstant(s.at) ?? 0) <= now).map((s) => JSON.stringify(s)));
  const future = (next.schedule ?? []).filter((s) => !kept.has(JSON.stringify(s)));
  const errors = campaignProblems({ ...next, schedule: future }, now);
  // Paths of the checked (future) switches point into the filtered list: map them back.
  const remapped: FieldErrors = {};
  const indexOf = future.map((s) => (next.schedule ?? []).indexOf(s));
  for (const [key, message] of Object.entries(errors)) {
    const m = /^schedule\.(\d+)(.*)$/.exec(key);
    remapped[m ? `schedule.${indexOf[Number(m[1])]}${m[2]}` : key] = message;
  }
  // An expiry already set and now past may be kept as it is (the code stays expired).
  if (remapped.expiresAt && previous?.expiresAt === next.expiresAt) delete remapped.expiresAt;
  return remapped;
}

/** The problems of the settings by path inside them; '' for the settings as a whole. */
function campaignFieldErrors(value: unknown): FieldErrors {
  return Object.fromEntries(Object.entries(campaignProblems(value, -Infinity)).map(([path, message]) => [path === 'campaign' ? '' : path, message]));
}

/**
 * class-validator rule for `campaign` in the create and update DTOs: the shape and every value,
 * each problem reported under its own field (`campaign.rules.1`, `campaign.split.0.weight`); the
 * message is the first problem, prefixed by its field. What is in the past is the qr-service's to
 * say (it knows which switches already happened).
 */
export function IsCampaignSettings() {
  const context: NestedFieldErrorsContext = { fieldErrors: campaignFieldErrors };
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'campaignSettings',
      target: target.constructor,
      propertyName,
      options: {
        context,
        message: (args) => {
          const [first] = Object.entries(campaignProblems(args.value, -Infinity));
          return first ? (first[0] === 'campaign' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid campaign settings';
        },
      },
      validator: { validate: (value: unknown) => Object.keys(campaignProblems(value, -Infinity)).length === 0 },
    });
  };
}
