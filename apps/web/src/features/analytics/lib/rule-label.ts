import type { CampaignOs, CampaignRule } from '@qrd/contracts';

const OS_NAMES: Record<CampaignOs, string> = { ios: 'iOS', android: 'Android', windows: 'Windows', macos: 'macOS', other: 'other systems' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const either = (values: string[]) => values.join(' or ');

/** A routing rule's conditions in words ("iOS; in DE or AT; language de"); "Every scan" for a rule without any. */
export function ruleConditions(rule: CampaignRule): string {
  const parts: string[] = [];
  if (rule.os?.length) parts.push(either(rule.os.map((os) => OS_NAMES[os])));
  if (rule.device?.length) parts.push(either(rule.device));
  if (rule.country?.length) parts.push(`in ${either(rule.country)}`);
  if (rule.region?.length) parts.push(`in ${either(rule.region)}`);
  if (rule.city?.length) parts.push(`in ${either(rule.city.map((city) => `${city.name} (${city.country})`))}`);
  if (rule.language?.length) parts.push(`language ${either(rule.language)}`);
  if (rule.time) {
    const days = rule.time.days?.length ? `${rule.time.days.map((d) => WEEKDAYS[d]).join(', ')} ` : '';
    const hours = rule.time.from && rule.time.to ? `${rule.time.from}-${rule.time.to} ` : '';
    parts.push(`${days}${hours}(${rule.time.zone})`);
  }
  return parts.length ? parts.join('; ') : 'Every scan';
}

/** The destination without its scheme, as people read a link ("shop.example.com/de"). */
export function shortDestination(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
