import type { BillingInterval } from '@qrd/contracts';
import { monthsFreeLabel } from '../../../lib/pricing';
import { Price } from '../../../components/price';
import { usePlanPrices } from '../../../lib/site-config';
import { cn } from '../../../lib/utils';

const OPTIONS: { value: BillingInterval; title: string }[] = [
  { value: 'monthly', title: 'Monthly' },
  { value: 'annual', title: 'Annual' },
];

interface PlanChoiceProps {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  error?: string;
}

/** Monthly or annual billing, as two radio cards (native radios keep keyboard and screen readers happy). */
export function PlanChoice({ value, onChange, error }: PlanChoiceProps) {
  const { prices } = usePlanPrices();
  const notes: Record<BillingInterval, string> = {
    monthly: 'Cancel anytime',
    annual: prices?.annualMonthsFree
      ? `Save ${prices.annualSavingPercent}% (${monthsFreeLabel(prices.annualMonthsFree)})`
      : 'Billed once a year',
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Choose your plan</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {OPTIONS.map((option) => {
          const checked = value === option.value;
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
                <span className="font-semibold">{option.title}</span>
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
                <Price interval={option.value} />/{option.value === 'annual' ? 'year' : 'month'}
              </span>
              <span className="text-xs text-muted-foreground">per QR code</span>
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
