import { CreditCard } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { SubscriptionView } from '@qrd/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSiteConfig } from '../../../lib/site-config';
import { useCancelIntervalSwitch } from '../api/interval-switch';
import { usePaymentMethodPortal, useSubscription } from '../api/subscription';
import { describeCard, formatAmount, formatDate, isEnded, NONE, perPeriod, statusLabel } from '../lib/format';
import { ManageSubscriptionDialog } from './manage-subscription-dialog';
import { SwitchIntervalDialog } from './switch-interval-dialog';
import { Price } from '../../../components/price';
import { TestModeNotice } from './test-mode-notice';
import { UpdateCardDialog } from './update-card-dialog';
import { PlanFeaturesList } from '../../../components/plan-features-list';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b py-2 last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function BillingSummary({ subscription: s }: { subscription: SubscriptionView }) {
  const intl = useIntl();
  const ended = isEnded(s.status);
  return (
    <dl className="text-sm">
      <Row label={intl.formatMessage({ id: 'billing.panel.price', defaultMessage: 'Price' })}>
        {s.unitAmountCents !== null
          ? intl.formatMessage(
              { id: 'billing.panel.pricePerCode', defaultMessage: '{price} per QR code {period}' },
              { price: formatAmount(intl, s.unitAmountCents, s.currency), period: perPeriod(intl, s.interval) },
            )
          : NONE}
      </Row>
      <Row label={intl.formatMessage({ id: 'billing.panel.codes', defaultMessage: 'QR codes' })}>
        {intl.formatMessage({ id: 'billing.panel.seatsUsed', defaultMessage: '{used, number} in use of {seats, number} paid' }, { used: s.seatsUsed, seats: s.seats })}
      </Row>
      <Row
        label={
          s.interval === 'annual'
            ? intl.formatMessage({ id: 'billing.panel.totalPerYear', defaultMessage: 'Total per year' })
            : intl.formatMessage({ id: 'billing.panel.totalPerMonth', defaultMessage: 'Total per month' })
        }
      >
        {s.periodAmountCents !== null ? formatAmount(intl, s.periodAmountCents, s.currency) : NONE}
      </Row>
      {!ended && (
        <Row
          label={
            s.cancelAtPeriodEnd
              ? intl.formatMessage({ id: 'billing.panel.endsOn', defaultMessage: 'Ends on' })
              : intl.formatMessage({ id: 'billing.panel.nextBilling', defaultMessage: 'Next billing date' })
          }
        >
          {formatDate(intl, s.currentPeriodEnd)}
        </Row>
      )}
      <Row label={intl.formatMessage({ id: 'billing.panel.paymentMethod', defaultMessage: 'Payment method' })}>{describeCard(intl, s.card)}</Row>
    </dl>
  );
}

/** The account page's Subscription tab (spec /account), from the provider's real state. */
export function SubscriptionPanel() {
  const intl = useIntl();
  const subscription = useSubscription();
  const config = useSiteConfig();
  const portal = usePaymentMethodPortal();
  const [managing, setManaging] = useState(false);
  const [updatingCard, setUpdatingCard] = useState(false);
  const [switching, setSwitching] = useState(false);
  const cancelSwitch = useCancelIntervalSwitch();

  if (subscription.isLoading) {
    return (
      <Card>
        <CardContent className="flex items-center gap-2 p-6 text-sm text-muted-foreground">
          <Spinner /> <FormattedMessage id="billing.panel.loading" defaultMessage="Loading your subscription..." />
        </CardContent>
      </Card>
    );
  }
  const s = subscription.data;
  if (!s) {
    return (
      <Card>
        <CardContent className="grid gap-3 p-6 text-sm">
          <p role="alert">
            <FormattedMessage id="billing.panel.loadFailed" defaultMessage="Could not load your subscription. Please try again later." />
          </p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void subscription.refetch()}>
            <FormattedMessage id="billing.panel.tryAgain" defaultMessage="Try again" />
          </Button>
        </CardContent>
      </Card>
    );
  }

  const live = s.status === 'active' || s.status === 'trialing' || s.status === 'past_due';
  const canUpdateCard = live || s.status === 'unpaid';
  const testMode = config.data?.provider === 'test';
  const canSwitch = (s.status === 'active' || s.status === 'trialing') && !s.cancelAtPeriodEnd && !s.pendingInterval;
  const otherInterval = s.interval === 'annual' ? 'monthly' : 'annual';
  const errorTitle = intl.formatMessage({ id: 'billing.panel.error', defaultMessage: 'Error' });
  const tryLater = intl.formatMessage({ id: 'billing.panel.tryLater', defaultMessage: 'Please try again later.' });

  const keepInterval = async () => {
    try {
      await cancelSwitch.mutateAsync();
      toast({
        title: intl.formatMessage({ id: 'billing.panel.switchCancelled', defaultMessage: 'Switch cancelled' }),
        description: intl.formatMessage(
          { id: 'billing.panel.switchCancelledText', defaultMessage: '{interval, select, annual {You stay on annual billing.} monthly {You stay on monthly billing.} other {You stay on your billing.}}' },
          { interval: s.interval ?? 'other' },
        ),
      });
    } catch (error) {
      toast({ variant: 'destructive', title: errorTitle, description: getErrorMessage(error, tryLater) });
    }
  };

  const updatePaymentMethod = async () => {
    if (testMode) {
      setUpdatingCard(true);
      return;
    }
    try {
      const { url } = await portal.mutateAsync();
      if (url) window.location.assign(url);
    } catch (error) {
      toast({ variant: 'destructive', title: errorTitle, description: getErrorMessage(error, tryLater) });
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">
            <FormattedMessage id="billing.panel.title" defaultMessage="Subscription" />
          </CardTitle>
          <CardDescription>
            {s.interval === 'annual' ? (
              <FormattedMessage id="billing.panel.annualPlan" defaultMessage="Annual plan, billed per QR code" />
            ) : s.interval === 'monthly' ? (
              <FormattedMessage id="billing.panel.monthlyPlan" defaultMessage="Monthly plan, billed per QR code" />
            ) : (
              <FormattedMessage id="billing.panel.noPlan" defaultMessage="No plan yet" />
            )}
          </CardDescription>
        </div>
        <Badge variant={s.status === 'active' ? 'success' : 'warning'}>{statusLabel(intl, s.status)}</Badge>
      </CardHeader>
      <CardContent className="grid gap-6">
        {s.status === null ? (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="billing.panel.subscribePrompt"
              defaultMessage="Subscribe to create dynamic QR codes: {monthly} per code per month, or {annual} per code per year."
              values={{ monthly: <Price interval="monthly" />, annual: <Price interval="annual" /> }}
            />
          </p>
        ) : (
          <BillingSummary subscription={s} />
        )}
        {s.cancelAtPeriodEnd && live && (
          <p role="status" className="rounded-md border bg-muted p-3 text-sm">
            <FormattedMessage
              id="billing.panel.cancelled"
              defaultMessage="Your subscription is cancelled and ends on {date}. Your QR codes keep working until then."
              values={{ date: formatDate(intl, s.currentPeriodEnd) }}
            />
          </p>
        )}
        {s.pendingInterval && live && (
          <div role="status" className="grid gap-2 rounded-md border bg-muted p-3 text-sm">
            <p>
              <FormattedMessage
                id="billing.panel.pendingSwitch"
                defaultMessage="{interval, select, annual {Your plan switches to annual billing on {date}. Nothing changes until then.} other {Your plan switches to monthly billing on {date}. Nothing changes until then.}}"
                values={{ interval: s.pendingInterval, date: formatDate(intl, s.currentPeriodEnd) }}
              />
            </p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => void keepInterval()}
              disabled={cancelSwitch.isPending}
            >
              {cancelSwitch.isPending && <Spinner />}
              <FormattedMessage
                id="billing.panel.keepInterval"
                defaultMessage="{interval, select, annual {Keep annual billing} other {Keep monthly billing}}"
                values={{ interval: s.interval ?? 'monthly' }}
              />
            </Button>
          </div>
        )}
        {s.status !== null && !s.redirectsEnabled && (
          <p role="status" className="rounded-md border border-warning bg-warning/10 p-3 text-sm">
            <FormattedMessage
              id="billing.panel.notRedirecting"
              defaultMessage="Your QR codes are not redirecting: scans show a page saying the code is not active. Subscribe again to bring every code back."
            />
          </p>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold">
            <FormattedMessage id="billing.panel.included" defaultMessage="Included" />
          </h3>
          <PlanFeaturesList className="grid gap-1.5 text-sm sm:grid-cols-2" />
        </div>
        {testMode && canUpdateCard && <TestModeNotice />}
      </CardContent>
      <CardFooter className="flex-wrap gap-3">
        {live ? (
          <Button onClick={() => setManaging(true)}>
            <FormattedMessage id="billing.panel.manage" defaultMessage="Manage Subscription" />
          </Button>
        ) : (
          <Button asChild>
            <Link to={paths.subscribe}>
              <FormattedMessage id="billing.panel.subscribe" defaultMessage="Subscribe Now" />
            </Link>
          </Button>
        )}
        {canSwitch && (
          <Button variant="outline" onClick={() => setSwitching(true)}>
            <FormattedMessage
              id="billing.panel.switchTo"
              defaultMessage="{interval, select, annual {Switch to annual billing} other {Switch to monthly billing}}"
              values={{ interval: otherInterval }}
            />
          </Button>
        )}
        {canUpdateCard && (
          <Button variant="outline" onClick={() => void updatePaymentMethod()} disabled={portal.isPending}>
            {portal.isPending ? <Spinner /> : <CreditCard aria-hidden="true" />}
            <FormattedMessage id="billing.panel.updatePayment" defaultMessage="Update Payment Method" />
          </Button>
        )}
      </CardFooter>
      {live && <ManageSubscriptionDialog subscription={s} open={managing} onOpenChange={setManaging} />}
      {canSwitch && switching && <SwitchIntervalDialog subscription={s} open={switching} onOpenChange={setSwitching} />}
      {testMode && <UpdateCardDialog open={updatingCard} onOpenChange={setUpdatingCard} />}
    </Card>
  );
}
