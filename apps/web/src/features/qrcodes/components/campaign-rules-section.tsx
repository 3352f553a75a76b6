import { CAMPAIGN_OS, type CampaignOs, type CampaignRule } from '@qrd/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { citiesOf, cityText, describeConditions, listOf, OS_LABELS, previewRules, type RuleProbe } from '../lib/campaign';
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
  const [probe, setProbe] = useState<Required<RuleProbe>>({ os: 'ios', country: '', language: '', region: '', city: '' });
  const preview = previewRules(rules.map(toRule), destination, probe);
  return (
    <Section title="Routing rules" hint="Checked in order; the first rule that matches a scan decides where it goes.">
      {rules.length === 0 && <p className="text-sm text-muted-foreground">No rules: every scan goes to the destination.</p>}
      <ol className="grid gap-3">
        {rules.map((rule, i) => {
          const set = (patch: Partial<RuleDraft>) => onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
          const whole = itemProblem('rules', i, ['os', 'country', 'region', 'city', 'language', 'destination']);
          const also = describeConditions(toRule(rule), rule.os);
          return (
            <li key={i} className="grid items-start gap-2 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-[auto_1fr_1fr_1fr_1fr_2fr_auto]">
              <FormField id={`rule-os-${i}`} label={`Rule ${i + 1}: OS`} error={problem(`rules.${i}.os`)}>
                <select id={`rule-os-${i}`} className={SELECT} value={rule.os} onChange={(e) => set({ os: e.target.value as CampaignOs | '' })}>
                  <option value="">Any</option>
                  {CAMPAIGN_OS.map((os) => (
                    <option key={os} value={os}>
                      {OS_LABELS[os]}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField id={`rule-country-${i}`} label="Countries" error={problem(`rules.${i}.country`)}>
                <Input id={`rule-country-${i}`} placeholder="DE, AT" value={rule.country} onChange={(e) => set({ country: e.target.value })} />
              </FormField>
              <FormField id={`rule-region-${i}`} label="Regions" error={problem(`rules.${i}.region`)}>
                <Input id={`rule-region-${i}`} placeholder="Bavaria" value={rule.region} onChange={(e) => set({ region: e.target.value })} />
              </FormField>
              <FormField id={`rule-city-${i}`} label="Cities" hint="Country in brackets to narrow: Munich (DE)" error={problem(`rules.${i}.city`)}>
                <Input
                  id={`rule-city-${i}`}
                  placeholder="Munich (DE), Lyon"
                  aria-describedby={problem(`rules.${i}.city`) ? `rule-city-${i}-error` : `rule-city-${i}-hint`}
                  value={rule.city}
                  onChange={(e) => set({ city: e.target.value })}
                />
              </FormField>
              <FormField id={`rule-language-${i}`} label="Languages" error={problem(`rules.${i}.language`)}>
                <Input id={`rule-language-${i}`} placeholder="de, fr" value={rule.language} onChange={(e) => set({ language: e.target.value })} />
              </FormField>
              <FormField id={`rule-url-${i}`} label="Send to" error={problem(`rules.${i}.destination`)}>
                <Input id={`rule-url-${i}`} type="url" value={rule.destination} onChange={(e) => set({ destination: e.target.value })} />
              </FormField>
              <Button type="button" variant="ghost" size="icon" className="self-end" aria-label={`Remove rule ${i + 1}`} onClick={() => onChange(rules.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" />
              </Button>
              {also && <p className="text-xs text-muted-foreground sm:col-span-full">Also only for {also} (kept as set).</p>}
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
        <Plus aria-hidden="true" /> Add a rule
      </Button>
      <fieldset className="grid gap-2 rounded-md bg-muted p-3">
        <legend className="text-sm font-medium">Test this rule set</legend>
        <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
          <FormField id="probe-os" label="Scanner's OS">
            <select id="probe-os" className={SELECT} value={probe.os} onChange={(e) => setProbe({ ...probe, os: e.target.value as CampaignOs })}>
              {CAMPAIGN_OS.map((os) => (
                <option key={os} value={os}>
                  {OS_LABELS[os]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="probe-country" label="Scanner's country">
            <Input id="probe-country" placeholder="US" value={probe.country} onChange={(e) => setProbe({ ...probe, country: e.target.value })} />
          </FormField>
          <FormField id="probe-region" label="Scanner's region">
            <Input id="probe-region" placeholder="Bavaria" value={probe.region} onChange={(e) => setProbe({ ...probe, region: e.target.value })} />
          </FormField>
          <FormField id="probe-city" label="Scanner's city">
            <Input id="probe-city" placeholder="Munich" value={probe.city} onChange={(e) => setProbe({ ...probe, city: e.target.value })} />
          </FormField>
          <FormField id="probe-language" label="Scanner's language">
            <Input id="probe-language" placeholder="en-US" value={probe.language} onChange={(e) => setProbe({ ...probe, language: e.target.value })} />
          </FormField>
        </div>
        <p className="break-all text-sm" aria-live="polite" data-testid="rule-preview">
          {preview.rule === null ? 'No rule matches: ' : `Rule ${preview.rule + 1} matches: `}
          goes to {preview.destination}
        </p>
      </fieldset>
    </Section>
  );
}
