import type { CampaignOs, CampaignRule } from '@qrd/contracts';
import { defineMessages, type IntlShape } from 'react-intl';
import { deviceName } from './figures';

const messages = defineMessages<string>({
  otherSystems: { id: 'analytics.ruleLabel.otherSystems', defaultMessage: 'other systems' },
  in: { id: 'analytics.ruleLabel.in', defaultMessage: 'in {places}' },
  language: { id: 'analytics.ruleLabel.language', defaultMessage: 'language {languages}' },
  time: { id: 'analytics.ruleLabel.time', defaultMessage: '{days} {hours} ({zone})' },
  hours: { id: 'analytics.ruleLabel.hours', defaultMessage: '{from}-{to}' },
  city: { id: 'analytics.ruleLabel.city', defaultMessage: '{city} ({country})' },
  everyScan: { id: 'analytics.ruleLabel.everyScan', defaultMessage: 'Every scan' },
});

/** Operating systems by their own names (brands), "other systems" in the shown language. */
function osName(intl: IntlShape, os: CampaignOs): string {
  const names: Record<Exclude<CampaignOs, 'other'>, string> = { ios: 'iOS', android: 'Android', windows: 'Windows', macos: 'macOS' };
  return os === 'other' ? intl.formatMessage(messages.otherSystems) : names[os];
}

/** A weekday (0 Sunday) shortened in the shown language: 4 January 2026 was a Sunday. */
function weekday(intl: IntlShape, day: number): string {
  return intl.formatDate(Date.UTC(2026, 0, 4 + day), { weekday: 'short', timeZone: 'UTC' });
}

/** A routing rule's conditions in words ("iOS; in DE or AT; language de"); "Every scan" for a rule without any. */
export function ruleConditions(intl: IntlShape, rule: CampaignRule): string {
  const either = (values: string[]) => intl.formatList(values, { type: 'disjunction' });
  const parts: string[] = [];
  if (rule.os?.length) parts.push(either(rule.os.map((os) => osName(intl, os))));
  if (rule.device?.length) parts.push(either(rule.device.map((device) => deviceName(intl, device))));
  if (rule.country?.length) parts.push(intl.formatMessage(messages.in, { places: either(rule.country) }));
  if (rule.region?.length) parts.push(intl.formatMessage(messages.in, { places: either(rule.region) }));
  if (rule.city?.length) {
    parts.push(intl.formatMessage(messages.in, { places: either(rule.city.map((city) => intl.formatMessage(messages.city, { city: city.name, country: city.country }))) }));
  }
  if (rule.language?.length) parts.push(intl.formatMessage(messages.language, { languages: either(rule.language) }));
  if (rule.time) {
    const days = rule.time.days?.length ? intl.formatList(rule.time.days.map((d) => weekday(intl, d)), { type: 'unit', style: 'short' }) : '';
    const hours = rule.time.from && rule.time.to ? intl.formatMessage(messages.hours, { from: rule.time.from, to: rule.time.to }) : '';
    parts.push(intl.formatMessage(messages.time, { days, hours, zone: rule.time.zone }).trim().replace(/\s{2,}/g, ' '));
  }
  return parts.length ? parts.join('; ') : intl.formatMessage(messages.everyScan);
}

/** The destination without its scheme, as people read a link ("shop.example.com/de"). */
export function shortDestination(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
