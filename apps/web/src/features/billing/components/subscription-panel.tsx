import { CreditCard } from 'lucide-react';
import { useState, type ReactNode } from 'react';
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
import { describeCard, formatCents, formatDate, isEnded, perPeriod, statusLabel } from '../lib/format';
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
  const ended = isEnded(s.status);
  return (
    <dl className="text-sm">
      <Row label="Price">
        {s.unitAmountCents !== null ? `${formatCents(s.unitAmountCents)} per QR code ${perPeriod(s.interval)}` : '—'}
      </Row>
      <Row label="QR codes">
        {s.seatsUsed} in use of {s.seats} paid
      </Row>
      <Row label={s.interval === 'annual' ? 'Total per year' : 'Total per month'}>
        {s.periodAmountCents !== null ? formatCents(s.periodAmountCents) : '—'}
      </Row>
      {!ended && (
        <Row label={s.cancelAtPeriodEnd ? 'Ends on' : 'Next billing date'}>{formatDate(s.currentPeriodEnd)}</Row>
      )}
      <Row label="Payment method">{describeCard(s.card)}</Row>
    </dl>
  );
}

/** The account page's Subscription tab (spec /account), from the provider's real state. */
export function SubscriptionPanel() {
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
          <Spinner /> Loading your subscription...
        </CardContent>
      </Card>
    );
  }
  const s = subscription.data;
  if (!s) {
    return (
      <Card>
        <CardContent className="grid gap-3 p-6 text-sm">
          <p role="alert">Could not load your subscription. Please try again later.</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void subscription.refetch()}>
            Try again
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

  const keepInterval = async () => {
    try {
      await cancelSwitch.mutateAsync();
      toast({ title: 'Switch cancelled', description: `You stay on ${s.interval ?? 'your'} billing.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Please try again later.') });
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
      toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Subscription</CardTitle>
          <CardDescription>
            {s.interval ? `${s.interval === 'annual' ? 'Annual' : 'Monthly'} plan, billed per QR code` : 'No plan yet'}
          </CardDescription>
        </div>
        <Badge variant={s.status === 'active' ? 'success' : 'warning'}>{statusLabel(s.status)}</Badge>
      </CardHeader>
      <CardContent className="grid gap-6">
        {s.status === null ? (
          <p className="text-sm text-muted-foreground">
            Subscribe to create dynamic QR codes: <Price interval="monthly" /> per code per month, or <Price interval="annual" /> per
            code per year.
          </p>
        ) : (
          <BillingSummary subscription={s} />
        )}
        {s.cancelAtPeriodEnd && live && (
          <p role="status" className="rounded-md border bg-muted p-3 text-sm">
            Your subscription is cancelled and ends on {formatDate(s.currentPeriodEnd)}. Your QR codes keep working until
            then.
          </p>
        )}
        {s.pendingInterval && live && (
          <div role="status" className="grid gap-2 rounded-md border bg-muted p-3 text-sm">
            <p>
              Your plan switches to {s.pendingInterval} billing on {formatDate(s.currentPeriodEnd)}. Nothing changes until then.
            </p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => void keepInterval()}
              disabled={cancelSwitch.isPending}
            >
              {cancelSwitch.isPending && <Spinner />}
              Keep {s.interval} billing
            </Button>
          </div>
        )}
        {s.status !== null && !s.redirectsEnabled && (
          <p role="status" className="rounded-md border border-warning bg-warning/10 p-3 text-sm">
            Your QR codes are not redirecting: scans show a page saying the code is not active. Subscribe again to bring
            every code back.
          </p>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold">Included</h3>
          <PlanFeaturesList className="grid gap-1.5 text-sm sm:grid-cols-2" />
        </div>
        {testMode && canUpdateCard && <TestModeNotice />}
      </CardContent>
      <CardFooter className="flex-wrap gap-3">
        {live ? (
          <Button onClick={() => setManaging(true)}>Manage Subscription</Button>
        ) : (
          <Button asChild>
            <Link to={paths.subscribe}>Subscribe Now</Link>
          </Button>
        )}
        {canSwitch && (
          <Button variant="outline" onClick={() => setSwitching(true)}>
            Switch to {otherInterval} billing
          </Button>
        )}
        {canUpdateCard && (
          <Button variant="outline" onClick={() => void updatePaymentMethod()} disabled={portal.isPending}>
            {portal.isPending ? <Spinner /> : <CreditCard aria-hidden="true" />}
            Update Payment Method
          </Button>
        )}
      </CardFooter>
      {live && <ManageSubscriptionDialog subscription={s} open={managing} onOpenChange={setManaging} />}
      {canSwitch && switching && <SwitchIntervalDialog subscription={s} open={switching} onOpenChange={setSwitching} />}
      {testMode && <UpdateCardDialog open={updatingCard} onOpenChange={setUpdatingCard} />}
    </Card>
  );
}
