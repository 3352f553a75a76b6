import { CAMPAIGN_OS, type CampaignOs, type CampaignRule } from '@qrd/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { citiesOf, cityText, describeConditions, listOf, osLabel, previewRules, type RuleProbe } from '../lib/campaign';
import { type CampaignProblems, Section, SELECT } from './campaign-section';

/**
 * A rule as the editor holds it: lists as the owner types them. What the form cannot show (several
 * operating systems, device types, a time window, set through the API) is kept as it was.
 */
export interface RuleDraft {
  os: CampaignOs | '';
  country: string;
  /** Region names, comma-separated. */
  region: string;
  /** Cities, comma-separated, each perhaps with its country in brackets: 'Munich (DE), Lyon'. */
  city: string;
  language: string;
  destination: string;
  /** The rule's own OS list, kept while the select still shows its first entry. */
  osList?: CampaignOs[];
  kept?: Pick<CampaignRule, 'device' | 'time'>;
}

export function ruleDraft(rule: CampaignRule): RuleDraft {
  const kept: Pick<CampaignRule, 'device' | 'time'> = {};
  if (rule.device?.length) kept.device = rule.device;
  if (rule.time) kept.time = rule.time;
  return {
    os: rule.os?.[0] ?? '',
    osList: rule.os,
    country: (rule.country ?? []).join(', '),
    region: (rule.region ?? []).join(', '),
    city: cityText(rule.city),
    language: (rule.language ?? []).join(', '),
    destination: rule.destination,
    kept,
  };
}

export function toRule(draft: RuleDraft): CampaignRule {
  const rule: CampaignRule = { ...draft.kept, destination: draft.destination.trim() };
  if (draft.os) rule.os = draft.osList?.[0] === draft.os ? draft.osList : [draft.os];
  const country = listOf(draft.country, true);
  if (country.length) rule.country = country;
  const region = listOf(draft.region);
  if (region.length) rule.region = region;
  const city = citiesOf(draft.city);
  if (city.length) rule.city = city;
  const language = listOf(draft.language);
  if (language.length) rule.language = language;
  return rule;
}

/** Examples in the fields: data as scans report it (country and language codes, place names), not words to translate. */
const EXAMPLE = {
  countries: 'DE, AT',
  region: 'Bavaria',
  cities: 'Munich (DE), Lyon',
  city: 'Munich',
  cityInCountry: 'Munich (DE)',
  languages: 'de, fr',
  country: 'US',
  language: 'en-US',
};

/** The routing rules, in order, with a "test this rule set" preview of where a scanner would go. */
export function RoutingRulesSection({
  rules,
  onChange,
  destination,
  problems: { problem, itemProblem },
}: {
  rules: RuleDraft[];
  onChange: (rules: RuleDraft[]) => void;
  /** Where a scan goes when no rule matches. */
  destination: string;
  problems: CampaignProblems;
}) {
  const intl = useIntl();
  const [probe, setProbe] = useState<Required<RuleProbe>>({ os: 'ios', country: '', language: '', region: '', city: '' });
  const preview = previewRules(rules.map(toRule), destination, probe);
  return (
    <Section title={intl.formatMessage({ id: 'codesCreate.rules.title', defaultMessage: 'Routing rules' })} hint={intl.formatMessage({ id: 'codesCreate.rules.hint', defaultMessage: 'Checked in order; the first rule that matches a scan decides where it goes.' })}>
      {rules.length === 0 && (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="codesCreate.rules.empty" defaultMessage="No rules: every scan goes to the destination." />
        </p>
      )}
      <ol className="grid gap-3">
        {rules.map((rule, i) => {
          const set = (patch: Partial<RuleDraft>) => onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
          const whole = itemProblem('rules', i, ['os', 'country', 'region', 'city', 'language', 'destination']);
          const also = describeConditions(intl, toRule(rule), rule.os);
          return (
            <li key={i} className="grid items-start gap-2 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-[auto_1fr_1fr_1fr_1fr_2fr_auto]">
              <FormField id={`rule-os-${i}`} label={intl.formatMessage({ id: 'codesCreate.rules.os', defaultMessage: 'Rule {number, number}: OS' }, { number: i + 1 })} error={problem(`rules.${i}.os`)}>
                <select id={`rule-os-${i}`} className={SELECT} value={rule.os} onChange={(e) => set({ os: e.target.value as CampaignOs | '' })}>
                  <option value="">{intl.formatMessage({ id: 'codesCreate.rules.anyOs', defaultMessage: 'Any' })}</option>
                  {CAMPAIGN_OS.map((os) => (
                    <option key={os} value={os}>
                      {osLabel(intl, os)}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField id={`rule-country-${i}`} label={intl.formatMessage({ id: 'codesCreate.rules.countries', defaultMessage: 'Countries' })} error={problem(`rules.${i}.country`)}>
                <Input id={`rule-country-${i}`} placeholder={EXAMPLE.countries} value={rule.country} onChange={(e) => set({ country: e.target.value })} />
              </FormField>
              <FormField id={`rule-region-${i}`} label={intl.formatMessage({ id: 'codesCreate.rules.regions', defaultMessage: 'Regions' })} error={problem(`rules.${i}.region`)}>
                <Input id={`rule-region-${i}`} placeholder={EXAMPLE.region} value={rule.region} onChange={(e) => set({ region: e.target.value })} />
              </FormField>
              <FormField id={`rule-city-${i}`} label={intl.formatMessage({ id: 'codesCreate.rules.cities', defaultMessage: 'Cities' })}
                hint={intl.formatMessage({ id: 'codesCreate.rules.citiesHint', defaultMessage: 'Country in brackets to narrow: {example}' }, { example: EXAMPLE.cityInCountry })}
                error={problem(`rules.${i}.city`)}>
                <Input
                  id={`rule-city-${i}`}
                  placeholder={EXAMPLE.cities}
                  aria-describedby={problem(`rules.${i}.city`) ? `rule-city-${i}-error` : `rule-city-${i}-hint`}
                  value={rule.city}
                  onChange={(e) => set({ city: e.target.value })}
                />
              </FormField>
              <FormField id={`rule-language-${i}`} label={intl.formatMessage({ id: 'codesCreate.rules.languages', defaultMessage: 'Languages' })} error={problem(`rules.${i}.language`)}>
                <Input id={`rule-language-${i}`} placeholder={EXAMPLE.languages} value={rule.language} onChange={(e) => set({ language: e.target.value })} />
              </FormField>
              <FormField id={`rule-url-${i}`} label={intl.formatMessage({ id: 'codesCreate.rules.sendTo', defaultMessage: 'Send to' })} error={problem(`rules.${i}.destination`)}>
                <Input id={`rule-url-${i}`} type="url" value={rule.destination} onChange={(e) => set({ destination: e.target.value })} />
              </FormField>
              <Button type="button" variant="ghost" size="icon" className="self-end" aria-label={intl.formatMessage({ id: 'codesCreate.rules.remove', defaultMessage: 'Remove rule {number, number}' }, { number: i + 1 })} onClick={() => onChange(rules.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" />
              </Button>
              {also && (
                <p className="text-xs text-muted-foreground sm:col-span-full">
                  <FormattedMessage id="codesCreate.rules.also" defaultMessage="Also only for {conditions} (kept as set)." values={{ conditions: also }} />
                </p>
              )}
              {whole && (
                <p role="alert" className="text-sm font-medium text-destructive sm:col-span-full">
                  {whole}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => onChange([...rules, { os: '', country: '', region: '', city: '', language: '', destination: '' }])}>
        <Plus aria-hidden="true" /> <FormattedMessage id="codesCreate.rules.add" defaultMessage="Add a rule" />
      </Button>
      <fieldset className="grid gap-2 rounded-md bg-muted p-3">
        <legend className="text-sm font-medium">
          <FormattedMessage id="codesCreate.rules.test" defaultMessage="Test this rule set" />
        </legend>
        <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
          <FormField id="probe-os" label={intl.formatMessage({ id: 'codesCreate.rules.probe.os', defaultMessage: "Scanner's OS" })}>
            <select id="probe-os" className={SELECT} value={probe.os} onChange={(e) => setProbe({ ...probe, os: e.target.value as CampaignOs })}>
              {CAMPAIGN_OS.map((os) => (
                <option key={os} value={os}>
                  {osLabel(intl, os)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="probe-country" label={intl.formatMessage({ id: 'codesCreate.rules.probe.country', defaultMessage: "Scanner's country" })}>
            <Input id="probe-country" placeholder={EXAMPLE.country} value={probe.country} onChange={(e) => setProbe({ ...probe, country: e.target.value })} />
          </FormField>
          <FormField id="probe-region" label={intl.formatMessage({ id: 'codesCreate.rules.probe.region', defaultMessage: "Scanner's region" })}>
            <Input id="probe-region" placeholder={EXAMPLE.region} value={probe.region} onChange={(e) => setProbe({ ...probe, region: e.target.value })} />
          </FormField>
          <FormField id="probe-city" label={intl.formatMessage({ id: 'codesCreate.rules.probe.city', defaultMessage: "Scanner's city" })}>
            <Input id="probe-city" placeholder={EXAMPLE.city} value={probe.city} onChange={(e) => setProbe({ ...probe, city: e.target.value })} />
          </FormField>
          <FormField id="probe-language" label={intl.formatMessage({ id: 'codesCreate.rules.probe.language', defaultMessage: "Scanner's language" })}>
            <Input id="probe-language" placeholder={EXAMPLE.language} value={probe.language} onChange={(e) => setProbe({ ...probe, language: e.target.value })} />
          </FormField>
        </div>
        <p className="break-all text-sm" aria-live="polite" data-testid="rule-preview">
          {preview.rule === null ? (
            <FormattedMessage id="codesCreate.rules.noMatch" defaultMessage="No rule matches: goes to {destination}" values={{ destination: preview.destination }} />
          ) : (
            <FormattedMessage
              id="codesCreate.rules.match"
              defaultMessage="Rule {number, number} matches: goes to {destination}"
              values={{ number: preview.rule + 1, destination: preview.destination }}
            />
          )}
        </p>
      </fieldset>
    </Section>
  );
}
