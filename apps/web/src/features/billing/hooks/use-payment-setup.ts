import type { BillingInterval } from '@qrd/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useGetOrCreateSubscription } from '../api/payment-setup';

/**
 * /subscribe's payment secret for `interval`: asked for once on arrival and once per change of
 * interval (the server drops the other plan's), and never repeated by itself (no refetch on
 * focus or reconnect, no automatic retry). `retry` asks again when the user says so; only the
 * latest request's answer is shown.
 */
export function usePaymentSetup(interval: BillingInterval, { onError }: { onError: () => void }) {
  const setup = useGetOrCreateSubscription();
  const { mutate } = setup;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const request = useCallback(() => mutate(interval, { onError: () => onErrorRef.current() }), [interval, mutate]);

  // Keyed by interval, so React's development double effects do not ask twice.
  const requested = useRef<BillingInterval | null>(null);
  useEffect(() => {
    if (requested.current === interval) return;
    requested.current = interval;
    request();
  }, [interval, request]);

  return {
    data: setup.data,
    isLoading: setup.isIdle || setup.isPending,
    isError: setup.isError,
    retry: request,
  };
}
