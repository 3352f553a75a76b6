import type { BillingInterval } from '@qrd/contracts';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Price } from '../../../components/price';
import { usePlanPrices } from '../../../lib/site-config';
import { cn } from '../../../lib/utils';

const messages = defineMessages({
  monthly: { id: 'site.planChoice.monthly', defaultMessage: 'Monthly' },
  annual: { id: 'site.planChoice.annual', defaultMessage: 'Annual' },
  cancelAnytime: { id: 'site.planChoice.cancelAnytime', defaultMessage: 'Cancel anytime' },
  billedYearly: { id: 'site.planChoice.billedYearly', defaultMessage: 'Billed once a year' },
});

const OPTIONS = [
  { value: 'monthly', title: messages.monthly },
  { value: 'annual', title: messages.annual },
] as const satisfies readonly { value: BillingInterval; title: unknown }[];

interface PlanChoiceProps {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  error?: string;
}

/** Monthly or annual billing, as two radio cards (native radios keep keyboard and screen readers happy). */
export function PlanChoice({ value, onChange, error }: PlanChoiceProps) {
  const intl = useIntl();
  const { prices } = usePlanPrices();
  const notes: Record<BillingInterval, string> = {
    monthly: intl.formatMessage(messages.cancelAnytime),
    annual: prices?.annualMonthsFree
      ? intl.formatMessage(
          { id: 'site.planChoice.saving', defaultMessage: 'Save {percent} ({months, plural, one {# month} other {# months}} free)' },
          {
            percent: intl.formatNumber(prices.annualSavingPercent / 100, { style: 'percent' }),
            months: prices.annualMonthsFree,
          },
        )
      : intl.formatMessage(messages.billedYearly),
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">
        <FormattedMessage id="site.planChoice.legend" defaultMessage="Choose your plan" />
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {OPTIONS.map((option) => {
          const checked = value === option.value;
          const price = <Price interval={option.value} />;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
              )}
            >
              <input
                type="radio"
                name="billingInterval"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold">{intl.formatMessage(option.title)}</span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-4 items-center justify-center rounded-full border',
                    checked ? 'border-primary' : 'border-input',
                  )}
                >
                  {checked && <span className="size-2 rounded-full bg-primary" />}
                </span>
              </span>
              <span className="text-lg font-bold">
                {option.value === 'annual' ? (
                  <FormattedMessage id="site.planChoice.perYear" defaultMessage="{price}/year" values={{ price }} />
                ) : (
                  <FormattedMessage id="site.planChoice.perMonth" defaultMessage="{price}/month" values={{ price }} />
                )}
              </span>
              <span className="text-xs text-muted-foreground">
                <FormattedMessage id="site.planChoice.perCode" defaultMessage="per QR code" />
              </span>
              <span className="text-sm font-medium text-primary">{notes[option.value]}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
