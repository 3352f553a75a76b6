import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BILLING_INTERVALS, type BillingInterval } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePageTitle } from '../../../hooks/use-page-title';
import { toast } from '../../../hooks/use-toast';
import { paths } from '../../../lib/paths';
import { useSiteConfig } from '../../../lib/site-config';
import { useRefreshSubscription } from '../api/subscription';
import { PaymentForm } from '../components/payment-form';
import { usePaymentSetup } from '../hooks/use-payment-setup';
import { formatCents, perPeriod } from '../lib/format';
import { paymentFailureToast, type PaymentResult } from '../lib/payment-result';
import { PlanFeaturesList } from '../../../components/plan-features-list';

/** /subscribe (spec): Monthly or Annual, the card form, back to the dashboard once paid. */
export function SubscribeRoute() {
  usePageTitle('Subscribe');
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  const navigate = useNavigate();
  const refreshSubscription = useRefreshSubscription();
  const config = useSiteConfig();
  // Changing the interval asks for a new payment secret (the server drops the other plan's).
  const setup = usePaymentSetup(interval, {
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Could not initialize payment. Please try again.' }),
  });

  const onResult = async (result: PaymentResult) => {
    if (result.kind !== 'succeeded') {
      toast(paymentFailureToast(result));
      return;
    }
    await refreshSubscription();
    toast({ title: 'Payment successful', description: 'Your subscription is active.' });
    navigate(paths.dashboard);
  };

  const unit = config.data?.prices[interval].unitAmountCents;
  const data = setup.data;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to={paths.home}>
          <ArrowLeft aria-hidden="true" /> Back
        </Link>
      </Button>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Subscribe</h1>
        <p className="mt-2 text-muted-foreground">One plan, priced per QR code. No contract, no setup fees, cancel any time.</p>
      </div>

      <Tabs value={interval} onValueChange={(value) => setBillingInterval(value === 'annual' ? 'annual' : 'monthly')}>
        <TabsList className="grid w-full grid-cols-2 sm:w-80">
          {BILLING_INTERVALS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {value === 'annual' ? 'Annual' : 'Monthly'}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{interval === 'annual' ? 'Annual' : 'Monthly'} plan</CardTitle>
            <CardDescription>
              {unit !== undefined ? `${formatCents(unit)} per QR code ${perPeriod(interval)}` : ' '}
              {interval === 'annual' ? ' (2 months free)' : ''}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PlanFeaturesList className="grid gap-2 text-sm" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Payment</CardTitle>
            {data && data.clientSecret && (
              <CardDescription>
                {data.seats} QR code{data.seats === 1 ? '' : 's'}: {formatCents(data.amountCents)} {perPeriod(data.interval)}.
                Your subscription begins immediately after payment.
              </CardDescription>
            )}
          </CardHeader>
          <CardContent>
            {setup.isLoading && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> Preparing your payment...
              </p>
            )}
            {setup.isError && (
              <div role="alert" className="grid gap-3 text-sm">
                <p>Could not initialize payment. Please try again.</p>
                <Button variant="outline" size="sm" className="justify-self-start" onClick={setup.retry}>
                  Try again
                </Button>
              </div>
            )}
            {data && data.clientSecret && (
              <PaymentForm
                key={data.clientSecret}
                clientSecret={data.clientSecret}
                submitLabel={`Pay ${formatCents(data.amountCents)}`}
                returnPath={paths.dashboard}
                idPrefix="subscribe-"
                onResult={onResult}
              />
            )}
            {data && !data.clientSecret && (
              <div role="status" className="grid gap-3 text-sm">
                <p>
                  {data.status === 'past_due'
                    ? 'Your subscription is active but its last payment failed. Update your payment method on your account page.'
                    : 'Your subscription is active: there is nothing to pay.'}
                </p>
                <Button asChild className="justify-self-start">
                  <Link to={data.status === 'past_due' ? `${paths.account}?tab=subscription` : paths.dashboard}>
                    {data.status === 'past_due' ? 'Go to Account' : 'Go to Dashboard'}
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
