import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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
import { formatAmount, formatDate, perPeriod } from '../lib/format';

interface SwitchIntervalDialogProps {
  subscription: SubscriptionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const messages = defineMessages<string>({
  title: { id: 'billing.switch.title', defaultMessage: '{interval, select, annual {Switch to annual billing} other {Switch to monthly billing}}' },
  switched: { id: 'billing.switch.switched', defaultMessage: '{interval, select, annual {Switched to annual billing} other {Switched to monthly billing}}' },
  scheduled: {
    id: 'billing.switch.scheduled',
    defaultMessage: '{interval, select, annual {Switch to annual billing scheduled} other {Switch to monthly billing scheduled}}',
  },
  charged: { id: 'billing.switch.charged', defaultMessage: '{amount} was charged to your card.' },
  failed: { id: 'billing.switch.failed', defaultMessage: 'The switch failed' },
});

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
  const intl = useIntl();
  const money = (cents: number) => formatAmount(intl, cents, preview.currency);
  const interval = preview.interval;
  const nowDetail =
    intl.formatMessage(
      {
        id: 'billing.switch.nowDetail',
        defaultMessage:
          '{interval, select, annual {Pay {due} today: {total} for the first year, less {credit} credit for the unused time of your current plan. Next billing date {date}.} other {Pay {due} today: {total} for the first month, less {credit} credit for the unused time of your current plan. Next billing date {date}.}}',
      },
      {
        interval,
        due: money(preview.amountDueNowCents),
        total: money(preview.periodAmountCents),
        credit: money(preview.creditCents),
        date: formatDate(intl, preview.newPeriodEnd),
      },
    ) +
    (preview.creditCarriedCents > 0
      ? ' ' +
        intl.formatMessage(
          { id: 'billing.switch.creditCarried', defaultMessage: '{amount} stays as credit for your next invoices.' },
          { amount: money(preview.creditCarriedCents) },
        )
      : '');
  return (
    <div className="grid gap-4">
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">
            <FormattedMessage id="billing.switch.newPrice" defaultMessage="New price" />
          </dt>
          <dd className="font-medium">
            {intl.formatMessage(
              { id: 'billing.switch.pricePerCode', defaultMessage: '{price} per QR code {period}' },
              { price: money(preview.unitAmountCents), period: perPeriod(intl, interval) },
            )}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">
            <FormattedMessage id="billing.switch.codes" defaultMessage="QR codes" />
          </dt>
          <dd className="font-medium">{intl.formatNumber(preview.seats)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">
            <FormattedMessage
              id="billing.switch.newTotal"
              defaultMessage="{interval, select, annual {New total per year} other {New total per month}}"
              values={{ interval }}
            />
          </dt>
          <dd className="font-medium">{money(preview.periodAmountCents)}</dd>
        </div>
      </dl>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">
          <FormattedMessage id="billing.switch.when" defaultMessage="When should the switch happen?" />
        </legend>
        <Choice
          value="now"
          checked={when === 'now'}
          onSelect={setWhen}
          title={intl.formatMessage({ id: 'billing.switch.nowTitle', defaultMessage: 'Now: {amount} due today' }, { amount: money(preview.amountDueNowCents) })}
          detail={nowDetail}
        />
        <Choice
          value="period_end"
          checked={when === 'period_end'}
          onSelect={setWhen}
          title={intl.formatMessage(
            { id: 'billing.switch.periodEndTitle', defaultMessage: 'At the end of the current period ({date})' },
            { date: formatDate(intl, preview.periodEndSwitchAt) },
          )}
          detail={intl.formatMessage(
            {
              id: 'billing.switch.periodEndDetail',
              defaultMessage:
                '{interval, select, annual {Nothing is charged today. From {date} you pay {total} per year.} other {Nothing is charged today. From {date} you pay {total} per month.}}',
            },
            { interval, date: formatDate(intl, preview.periodEndSwitchAt), total: money(preview.periodAmountCents) },
          )}
        />
      </fieldset>
    </div>
  );
}

/** Monthly <-> annual: the server's prorated figures, then the customer's choice of when. */
export function SwitchIntervalDialog({ subscription, open, onOpenChange }: SwitchIntervalDialogProps) {
  const intl = useIntl();
  const target: BillingInterval = subscription.interval === 'annual' ? 'monthly' : 'annual';
  const preview = useSwitchPreview(target, open);
  const switching = useSwitchInterval();
  const payment = usePaymentAuthentication();
  const queryClient = useQueryClient();
  const [when, setWhen] = useState<SwitchTiming>('now');
  const busy = switching.isPending;
  const money = (cents: number) => formatAmount(intl, cents, subscription.currency ?? preview.data?.currency);

  const confirm = async () => {
    try {
      const result = await switching.mutateAsync({ interval: target, when });
      if (result.authentication) {
        // The bank asks the customer to confirm the payment (3-D Secure); the switch applies once they do.
        const answered = await payment.authenticate(result.authentication.clientSecret);
        await queryClient.invalidateQueries({ queryKey: billingKeys.all });
        if (!answered.ok) {
          toast({ variant: 'destructive', title: intl.formatMessage(messages.failed), description: answered.message });
          return;
        }
        toast({
          title: intl.formatMessage(messages.switched, { interval: target }),
          description: intl.formatMessage(messages.charged, { amount: money(result.authentication.amountCents) }),
        });
        onOpenChange(false);
        return;
      }
      toast(
        when === 'now'
          ? { title: intl.formatMessage(messages.switched, { interval: target }), description: intl.formatMessage(messages.charged, { amount: money(result.amountChargedCents) }) }
          : {
              title: intl.formatMessage(messages.scheduled, { interval: target }),
              description: intl.formatMessage(
                { id: 'billing.switch.scheduledText', defaultMessage: 'It takes effect on {date}.' },
                { date: formatDate(intl, result.subscription.currentPeriodEnd) },
              ),
            },
      );
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage(messages.failed),
        description: getErrorMessage(error, intl.formatMessage({ id: 'billing.switch.tryLater', defaultMessage: 'Please try again later.' })),
      });
      void preview.refetch();
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title, { interval: target })}</DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="billing.switch.current"
              defaultMessage="{interval, select, annual {You are billed annual for {seats, plural, one {# QR code} other {# QR codes}}.} other {You are billed monthly for {seats, plural, one {# QR code} other {# QR codes}}.}}"
              values={{ interval: subscription.interval ?? 'monthly', seats: subscription.seats }}
            />
          </DialogDescription>
        </DialogHeader>
        {preview.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> <FormattedMessage id="billing.switch.loading" defaultMessage="Working out the prorated amount..." />
          </p>
        ) : preview.data ? (
          <PreviewBody preview={preview.data} when={when} setWhen={setWhen} />
        ) : (
          <div className="grid gap-2 text-sm">
            <p role="alert">
              {getErrorMessage(preview.error, intl.formatMessage({ id: 'billing.switch.previewFailed', defaultMessage: 'Could not work out the price of the switch.' }))}
            </p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void preview.refetch()}>
              <FormattedMessage id="billing.switch.tryAgain" defaultMessage="Try again" />
            </Button>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            <FormattedMessage id="billing.switch.close" defaultMessage="Close" />
          </Button>
          <Button onClick={() => void confirm()} disabled={busy || !preview.data}>
            {busy && <Spinner />}
            {when === 'period_end'
              ? intl.formatMessage({ id: 'billing.switch.atPeriodEnd', defaultMessage: 'Switch at period end' })
              : preview.data
                ? intl.formatMessage({ id: 'billing.switch.nowAndPay', defaultMessage: 'Switch now and pay {amount}' }, { amount: money(preview.data.amountDueNowCents) })
                : intl.formatMessage({ id: 'billing.switch.now', defaultMessage: 'Switch now' })}
          </Button>
        </DialogFooter>
      </DialogContent>
      {payment.dialog}
    </Dialog>
  );
}
