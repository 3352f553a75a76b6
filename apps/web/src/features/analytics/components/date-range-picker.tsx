import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { MAX_RANGE_DAYS, presetRange, PRESETS, rangeLabel, rangeProblems, type DayRange, type RangePreset } from '../lib/date-range';

export interface RangeChoice extends DayRange {
  preset: RangePreset;
}

export function initialRange(preset: Exclude<RangePreset, 'custom'> = '30d', tz?: string): RangeChoice {
  return { preset, ...presetRange(preset, new Date(), tz) };
}

interface DateRangePickerProps {
  value: RangeChoice;
  onChange: (next: RangeChoice) => void;
  /** The viewer's time zone: "today" and the months are theirs. */
  tz?: string;
}

/**
 * Presets (today, 7/30/90 days, this and last month) as toggle buttons, and a custom range of two
 * dates checked before it is applied: the start not after the end, at most a year.
 */
export function DateRangePicker({ value, onChange, tz }: DateRangePickerProps) {
  const intl = useIntl();
  const id = useId();
  const [customOpen, setCustomOpen] = useState(value.preset === 'custom');
  const [draft, setDraft] = useState<DayRange>({ from: value.from, to: value.to });
  const [problems, setProblems] = useState<{ from?: string; to?: string } | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblems(intl, draft);
    setProblems(found);
    if (!found) onChange({ preset: 'custom', ...draft });
  };

  return (
    <div className="grid grid-cols-1 gap-3">
      <div role="group" aria-label={intl.formatMessage({ id: 'analytics.dateRangePicker.period', defaultMessage: 'Period' })} className="flex flex-wrap gap-2">
        {PRESETS.map((preset) => (
          <Button
            key={preset.id}
            type="button"
            size="sm"
            variant={value.preset === preset.id ? 'default' : 'outline'}
            aria-pressed={value.preset === preset.id}
            onClick={() => {
              setCustomOpen(false);
              setProblems(null);
              onChange({ preset: preset.id, ...presetRange(preset.id, new Date(), tz) });
            }}
          >
            {intl.formatMessage(preset.label)}
          </Button>
        ))}
        <Button
          type="button"
          size="sm"
          variant={value.preset === 'custom' ? 'default' : 'outline'}
          aria-pressed={value.preset === 'custom'}
          aria-expanded={customOpen}
          aria-controls={`${id}-custom`}
          onClick={() => {
            setDraft({ from: value.from, to: value.to });
            setCustomOpen((open) => !open);
          }}
        >
          <FormattedMessage id="analytics.dateRangePicker.custom" defaultMessage="Custom" />
        </Button>
      </div>
      {customOpen && (
        <form id={`${id}-custom`} onSubmit={apply} noValidate aria-label={intl.formatMessage({ id: 'analytics.dateRangePicker.customRange', defaultMessage: 'Custom range' })} className="flex flex-wrap items-start gap-3">
          <FormField id={`${id}-from`} label={intl.formatMessage({ id: 'analytics.dateRangePicker.from', defaultMessage: 'From' })} error={problems?.from} className="w-full sm:w-44">
            <Input
              id={`${id}-from`}
              type="date"
              value={draft.from}
              aria-invalid={Boolean(problems?.from)}
              aria-describedby={problems?.from ? `${id}-from-error` : `${id}-limit`}
              onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
            />
          </FormField>
          <FormField id={`${id}-to`} label={intl.formatMessage({ id: 'analytics.dateRangePicker.to', defaultMessage: 'To' })} error={problems?.to} className="w-full sm:w-44">
            <Input
              id={`${id}-to`}
              type="date"
              value={draft.to}
              aria-invalid={Boolean(problems?.to)}
              aria-describedby={problems?.to ? `${id}-to-error` : `${id}-limit`}
              onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
            />
          </FormField>
          <div className="grid gap-2 sm:pt-7">
            <Button type="submit" size="sm">
              <FormattedMessage id="analytics.dateRangePicker.apply" defaultMessage="Apply range" />
            </Button>
          </div>
          <p id={`${id}-limit`} className="w-full text-xs text-muted-foreground">
            <FormattedMessage
              id="analytics.dateRangePicker.limit"
              defaultMessage="Both days included, at most {days, plural, one {# day} other {# days}}."
              values={{ days: MAX_RANGE_DAYS }}
            />
          </p>
        </form>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <FormattedMessage id="analytics.dateRangePicker.showing" defaultMessage="Showing {period}" values={{ period: rangeLabel(intl, value) }} />
      </p>
    </div>
  );
}
