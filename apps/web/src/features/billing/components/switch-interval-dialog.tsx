import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BillingInterval, IntervalSwitchPreviewView, SubscriptionView, SwitchTiming } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useSwitchInterval, useSwitchPreview } from '../api/interval-switch';
import { billingKeys } from '../api/keys';
import { usePaymentAuthentication } from '../hooks/use-payment-authentication';
import { formatCents, formatDate, perPeriod } from '../lib/format';

interface SwitchIntervalDialogProps {
  subscription: SubscriptionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const NAME: Record<BillingInterval, string> = { monthly: 'monthly', annual: 'annual' };
const PERIOD: Record<BillingInterval, string> = { monthly: 'month', annual: 'year' };

function Choice(props: { value: SwitchTiming; checked: boolean; onSelect: (v: SwitchTiming) => void; title: string; detail: string }) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
      <input
        type="radio"
        name="switch-when"
        value={props.value}
        checked={props.checked}
        onChange={() => props.onSelect(props.value)}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span className="grid gap-1 text-sm">
        <span className="font-medium">{props.title}</span>
        <span className="text-muted-foreground">{props.detail}</span>
      </span>
    </label>
  );
}

function PreviewBody({ preview, when, setWhen }: { preview: IntervalSwitchPreviewView; when: SwitchTiming; setWhen: (w: SwitchTiming) => void }) {
  const period = PERIOD[preview.interval];
  const nowDetail =
    `Pay ${formatCents(preview.amountDueNowCents)} today: ${formatCents(preview.periodAmountCents)} for the first ${period}, ` +
    `less ${formatCents(preview.creditCents)} credit for the unused time of your current plan. Next billing date ${formatDate(preview.newPeriodEnd)}.` +
    (preview.creditCarriedCents > 0 ? ` ${formatCents(preview.creditCarriedCents)} stays as credit for your next invoices.` : '');
  return (
    <div className="grid gap-4">
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">New price</dt>
          <dd className="font-medium">
            {formatCents(preview.unitAmountCents)} per QR code {perPeriod(preview.interval)}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">QR codes</dt>
          <dd className="font-medium">{preview.seats}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">New total per {period}</dt>
          <dd className="font-medium">{formatCents(preview.periodAmountCents)}</dd>
        </div>
      </dl>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">When should the switch happen?</legend>
        <Choice value="now" checked={when === 'now'} onSelect={setWhen} title={`Now: ${formatCents(preview.amountDueNowCents)} due today`} detail={nowDetail} />
        <Choice
          value="period_end"
          checked={when === 'period_end'}
          onSelect={setWhen}
          title={`At the end of the current period (${formatDate(preview.periodEndSwitchAt)})`}
          detail={`Nothing is charged today. From ${formatDate(preview.periodEndSwitchAt)} you pay ${formatCents(preview.periodAmountCents)} per ${period}.`}
        />
      </fieldset>
    </div>
  );
}

/** Monthly <-> annual: the server's prorated figures, then the customer's choice of when. */
export function SwitchIntervalDialog({ subscription, open, onOpenChange }: SwitchIntervalDialogProps) {
  const target: BillingInterval = subscription.interval === 'annual' ? 'monthly' : 'annual';
  const preview = useSwitchPreview(target, open);
  const switching = useSwitchInterval();
  const payment = usePaymentAuthentication();
  const queryClient = useQueryClient();
  const [when, setWhen] = useState<SwitchTiming>('now');
  const busy = switching.isPending;

  const confirm = async () => {
    try {
      const result = await switching.mutateAsync({ interval: target, when });
      if (result.authentication) {
        // The bank asks the customer to confirm the payment (3-D Secure); the switch applies once they do.
        const answered = await payment.authenticate(result.authentication.clientSecret);
        await queryClient.invalidateQueries({ queryKey: billingKeys.all });
        if (!answered.ok) {
          toast({ variant: 'destructive', title: 'The switch failed', description: answered.message });
          return;
        }
        toast({ title: `Switched to ${NAME[target]} billing`, description: `${formatCents(result.authentication.amountCents)} was charged to your card.` });
        onOpenChange(false);
        return;
      }
      toast(
        when === 'now'
          ? { title: `Switched to ${NAME[target]} billing`, description: `${formatCents(result.amountChargedCents)} was charged to your card.` }
          : { title: `Switch to ${NAME[target]} billing scheduled`, description: `It takes effect on ${formatDate(result.subscription.currentPeriodEnd)}.` },
      );
      onOpenChange(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'The switch failed', description: getErrorMessage(error, 'Please try again later.') });
      void preview.refetch();
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Switch to {NAME[target]} billing</DialogTitle>
          <DialogDescription>
            You are billed {NAME[subscription.interval ?? 'monthly']} for {subscription.seats} QR code{subscription.seats === 1 ? '' : 's'}.
          </DialogDescription>
        </DialogHeader>
        {preview.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Working out the prorated amount...
          </p>
        ) : preview.data ? (
          <PreviewBody preview={preview.data} when={when} setWhen={setWhen} />
        ) : (
          <div className="grid gap-2 text-sm">
            <p role="alert">{getErrorMessage(preview.error, 'Could not work out the price of the switch.')}</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Close
          </Button>
          <Button onClick={() => void confirm()} disabled={busy || !preview.data}>
            {busy && <Spinner />}
            {when === 'period_end' ? 'Switch at period end' : preview.data ? `Switch now and pay ${formatCents(preview.data.amountDueNowCents)}` : 'Switch now'}
          </Button>
        </DialogFooter>
      </DialogContent>
      {payment.dialog}
    </Dialog>
  );
}
