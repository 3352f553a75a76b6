import type { Currency } from '@qrd/contracts';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { pricingMessages } from '../../../lib/pricing';
import { Price } from '../../../components/price';
import { usePlanPrices, useShownCurrency } from '../../../lib/site-config';
import { paths } from '../../../lib/paths';
import { SectionHeading } from './section-heading';
import { PlanFeaturesList } from '../../../components/plan-features-list';

function PlanCard({ interval }: { interval: 'monthly' | 'annual' }) {
  const intl = useIntl();
  const { prices } = usePlanPrices();
  const badge =
    interval === 'annual' && prices?.annualMonthsFree
      ? intl.formatMessage(pricingMessages.monthsFree, { months: prices.annualMonthsFree }).toLocaleUpperCase(intl.locale)
      : null;
  return (
    <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">
          {interval === 'monthly' ? (
            <FormattedMessage id="billing.landing.pricing.monthly" defaultMessage="Monthly" />
          ) : (
            <FormattedMessage id="billing.landing.pricing.annual" defaultMessage="Annual" />
          )}
        </h3>
        {badge && (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-bold text-primary-foreground">{badge}</span>
        )}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-5xl font-extrabold tracking-tight">
          <Price interval={interval} />
        </span>
        <span className="text-muted-foreground">
          {interval === 'monthly' ? (
            <FormattedMessage id="billing.landing.pricing.perCodePerMonth" defaultMessage="per code per month" />
          ) : (
            <FormattedMessage id="billing.landing.pricing.perCodePerYear" defaultMessage="per code per year" />
          )}
        </span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {interval === 'monthly' ? (
          <FormattedMessage id="billing.landing.pricing.billedMonthly" defaultMessage="Billed monthly. No setup fees, no contract." />
        ) : (
          <FormattedMessage id="billing.landing.pricing.billedAnnually" defaultMessage="Billed annually. No setup fees, no contract." />
        )}
      </p>
      <PlanFeaturesList className="mt-6 grid gap-3 text-sm" />
      <Button asChild size="lg" className="mt-8 w-full">
        <Link to={paths.signup}>
          <FormattedMessage id="billing.landing.pricing.getStarted" defaultMessage="Get Started Today" />
        </Link>
      </Button>
    </div>
  );
}

/** Each currency by its name in the shown language, with its code ("Euro (EUR)"). */
function currencyName(locale: string, currency: Currency): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(currency.toUpperCase()) ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}

/** The currency the prices are shown in; gone once the account has paid in its own. */
function CurrencySelect() {
  const intl = useIntl();
  const id = useId();
  const { currency, offered, choose } = useShownCurrency(true);
  if (!choose) return null;
  return (
    <div className="mt-6 flex items-center justify-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        <FormattedMessage id="billing.landing.pricing.currency" defaultMessage="Currency" />
      </label>
      <select
        id={id}
        value={currency}
        onChange={(event) => choose(event.target.value as Currency)}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {offered.map((option) => (
          <option key={option} value={option}>
            {intl.formatMessage(
              { id: 'billing.landing.pricing.currencyOption', defaultMessage: '{name} ({code})' },
              { name: currencyName(intl.locale, option), code: option.toUpperCase() },
            )}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Spec: Monthly/Annual tabs, Monthly first; DESIGN section 6: every price is per code (seat). */
export function PricingSection() {
  const intl = useIntl();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="pricing-title"
        eyebrow={intl.formatMessage({ id: 'billing.landing.pricing.eyebrow', defaultMessage: 'Pricing' })}
        title={intl.formatMessage({ id: 'billing.landing.pricing.title', defaultMessage: 'Simple pricing: pay per code' })}
        text={intl.formatMessage({
          id: 'billing.landing.pricing.text',
          defaultMessage: 'One plan with every feature. Each QR code you keep is one seat on your subscription.',
        })}
      />
      <CurrencySelect />
      <Tabs defaultValue="monthly" className="mx-auto mt-6 max-w-md">
        <TabsList
          className="grid w-full grid-cols-2"
          aria-label={intl.formatMessage({ id: 'billing.landing.pricing.periodLabel', defaultMessage: 'Billing period' })}
        >
          <TabsTrigger value="monthly">
            <FormattedMessage id="billing.landing.pricing.monthly" defaultMessage="Monthly" />
          </TabsTrigger>
          <TabsTrigger value="annual">
            <FormattedMessage id="billing.landing.pricing.annual" defaultMessage="Annual" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="monthly" className="mt-6">
          <PlanCard interval="monthly" />
        </TabsContent>
        <TabsContent value="annual" className="mt-6">
          <PlanCard interval="annual" />
        </TabsContent>
      </Tabs>
      <p className="mx-auto mt-6 max-w-xl text-center text-sm text-muted-foreground">
        <FormattedMessage
          id="billing.landing.pricing.seats"
          defaultMessage="Adding a code adds a seat, charged pro rata for the rest of the period. Deleting a code leaves its seat free for another code until the period ends, when seats no code uses are dropped; deactivating a code keeps its seat."
        />
      </p>
    </section>
  );
}
