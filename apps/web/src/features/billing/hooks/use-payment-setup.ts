import type { BillingInterval, Currency } from '@qrd/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useGetOrCreateSubscription } from '../api/payment-setup';

/**
 * /subscribe's payment secret for `interval` in `currency` (the account's once it has paid): asked for once on arrival and once per change of
 * interval (the server drops the other plan's), and never repeated by itself (no refetch on
 * focus or reconnect, no automatic retry). `retry` asks again when the user says so; only the
 * latest request's answer is shown.
 */
export function usePaymentSetup(interval: BillingInterval, currency: Currency, { onError }: { onError: () => void }) {
  const setup = useGetOrCreateSubscription();
  const { mutate } = setup;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const request = useCallback(() => mutate({ interval, currency }, { onError: () => onErrorRef.current() }), [interval, currency, mutate]);

  // Keyed by interval and currency, so React's development double effects do not ask twice.
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (requested.current === `${interval}:${currency}`) return;
    requested.current = `${interval}:${currency}`;
    request();
  }, [interval, currency, request]);

  return {
    data: setup.data,
    isLoading: setup.isIdle || setup.isPending,
    isError: setup.isError,
    retry: request,
  };
}
