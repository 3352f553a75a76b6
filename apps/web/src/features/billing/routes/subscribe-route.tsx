import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { BILLING_INTERVALS, type BillingInterval } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePageTitle } from '../../../hooks/use-page-title';
import { toast } from '../../../hooks/use-toast';
import { paths } from '../../../lib/paths';
import { pricingMessages, pricesIn, describePrices } from '../../../lib/pricing';
import { useShownCurrency, useSiteConfig } from '../../../lib/site-config';
import { useRefreshSubscription } from '../api/subscription';
import { PaymentForm } from '../components/payment-form';
import { usePaymentSetup } from '../hooks/use-payment-setup';
import { formatAmount, perPeriod } from '../lib/format';
import { paymentFailureToast, type PaymentResult } from '../lib/payment-result';
import { PlanFeaturesList } from '../../../components/plan-features-list';

/** Keeps the description's line while the prices load. */
const BLANK = '\u00a0';

/** /subscribe (spec): Monthly or Annual, the card form, back to the dashboard once paid. */
export function SubscribeRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'billing.subscribe.pageTitle', defaultMessage: 'Subscribe' }));
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  const navigate = useNavigate();
  const refreshSubscription = useRefreshSubscription();
  const config = useSiteConfig();
  // The account's currency once it has paid, else the one its prices were shown in.
  const { currency } = useShownCurrency(true);
  const initFailed = intl.formatMessage({ id: 'billing.subscribe.initFailed', defaultMessage: 'Could not initialize payment. Please try again.' });
  // Changing the interval asks for a new payment secret (the server drops the other plan's).
  const setup = usePaymentSetup(interval, currency, {
    onError: () => toast({ variant: 'destructive', title: intl.formatMessage({ id: 'billing.subscribe.error', defaultMessage: 'Error' }), description: initFailed }),
  });

  const onResult = async (result: PaymentResult) => {
    if (result.kind !== 'succeeded') {
      toast(paymentFailureToast(intl, result));
      return;
    }
    await refreshSubscription();
    toast({
      title: intl.formatMessage({ id: 'billing.subscribe.paid', defaultMessage: 'Payment successful' }),
      description: intl.formatMessage({ id: 'billing.subscribe.paidText', defaultMessage: 'Your subscription is active.' }),
    });
    navigate(paths.dashboard);
  };

  const data = setup.data;
  // The answer names the currency it is in (the account's, once it has paid).
  const shownCurrency = data?.currency ?? currency;
  const unit = config.data ? pricesIn(config.data, shownCurrency)[interval].unitAmountCents : undefined;
  const monthsFree = config.data ? describePrices(config.data, shownCurrency).annualMonthsFree : 0;
  const due = data ? formatAmount(intl, data.amountCents, data.currency) : '';

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to={paths.home}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" /> <FormattedMessage id="billing.subscribe.back" defaultMessage="Back" />
        </Link>
      </Button>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          <FormattedMessage id="billing.subscribe.title" defaultMessage="Subscribe" />
        </h1>
        <p className="mt-2 text-muted-foreground">
          <FormattedMessage id="billing.subscribe.text" defaultMessage="One plan, priced per QR code. No contract, no setup fees, cancel any time." />
        </p>
      </div>

      <Tabs value={interval} onValueChange={(value) => setBillingInterval(value === 'annual' ? 'annual' : 'monthly')}>
        <TabsList className="grid w-full grid-cols-2 sm:w-80">
          {BILLING_INTERVALS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {value === 'annual' ? (
                <FormattedMessage id="billing.subscribe.annual" defaultMessage="Annual" />
              ) : (
                <FormattedMessage id="billing.subscribe.monthly" defaultMessage="Monthly" />
              )}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">
              {interval === 'annual' ? (
                <FormattedMessage id="billing.subscribe.annualPlan" defaultMessage="Annual plan" />
              ) : (
                <FormattedMessage id="billing.subscribe.monthlyPlan" defaultMessage="Monthly plan" />
              )}
            </CardTitle>
            <CardDescription>
              {unit !== undefined
                ? intl.formatMessage(
                    { id: 'billing.subscribe.pricePerCode', defaultMessage: '{price} per QR code {period}' },
                    { price: formatAmount(intl, unit, shownCurrency), period: perPeriod(intl, interval) },
                  )
                : BLANK}
              {interval === 'annual' && monthsFree > 0 && (
                <span className="ms-1">
                  {intl.formatMessage(
                    { id: 'billing.subscribe.monthsFree', defaultMessage: '({free})' },
                    { free: intl.formatMessage(pricingMessages.monthsFree, { months: monthsFree }) },
                  )}
                </span>
              )}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PlanFeaturesList className="grid gap-2 text-sm" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">
              <FormattedMessage id="billing.subscribe.payment" defaultMessage="Payment" />
            </CardTitle>
            {data && data.clientSecret && (
              <CardDescription>
                <FormattedMessage
                  id="billing.subscribe.paymentText"
                  defaultMessage="{seats, plural, one {# QR code} other {# QR codes}}: {amount} {period}. Your subscription begins immediately after payment."
                  values={{ seats: data.seats, amount: due, period: perPeriod(intl, data.interval) }}
                />
              </CardDescription>
            )}
          </CardHeader>
          <CardContent>
            {setup.isLoading && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> <FormattedMessage id="billing.subscribe.preparing" defaultMessage="Preparing your payment..." />
              </p>
            )}
            {setup.isError && (
              <div role="alert" className="grid gap-3 text-sm">
                <p>{initFailed}</p>
                <Button variant="outline" size="sm" className="justify-self-start" onClick={setup.retry}>
                  <FormattedMessage id="billing.subscribe.tryAgain" defaultMessage="Try again" />
                </Button>
              </div>
            )}
            {data && data.clientSecret && (
              <PaymentForm
                key={data.clientSecret}
                clientSecret={data.clientSecret}
                submitLabel={intl.formatMessage({ id: 'billing.subscribe.pay', defaultMessage: 'Pay {amount}' }, { amount: due })}
                returnPath={paths.dashboard}
                idPrefix="subscribe-"
                onResult={onResult}
              />
            )}
            {data && !data.clientSecret && (
              <div role="status" className="grid gap-3 text-sm">
                <p>
                  {data.status === 'past_due' ? (
                    <FormattedMessage
                      id="billing.subscribe.pastDue"
                      defaultMessage="Your subscription is active but its last payment failed. Update your payment method on your account page."
                    />
                  ) : (
                    <FormattedMessage id="billing.subscribe.nothingToPay" defaultMessage="Your subscription is active: there is nothing to pay." />
                  )}
                </p>
                <Button asChild className="justify-self-start">
                  <Link to={data.status === 'past_due' ? `${paths.account}?tab=subscription` : paths.dashboard}>
                    {data.status === 'past_due' ? (
                      <FormattedMessage id="billing.subscribe.goToAccount" defaultMessage="Go to Account" />
                    ) : (
                      <FormattedMessage id="billing.subscribe.goToDashboard" defaultMessage="Go to Dashboard" />
                    )}
                  </Link>
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
