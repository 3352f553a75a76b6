import type { BillingInterval } from '@qrd/contracts';
import { useIntl } from 'react-intl';
import { usePlanPrices } from '../lib/site-config';

/** Shown when the prices cannot be loaded: never a price the server did not say. */
const NO_PRICE = '—';

/**
 * A plan's price per code, as the server configures it, in the shown currency and language. A
 * placeholder the width of a price while it loads, and a dash if it cannot be loaded (never a price
 * the server did not say).
 */
export function Price({ interval }: { interval: BillingInterval }) {
  const intl = useIntl();
  const { prices, isError } = usePlanPrices();
  if (prices) return <>{prices[interval]}</>;
  if (isError) return <>{NO_PRICE}</>;
  return (
    <span className="inline-block h-[0.8em] w-[3.5ch] animate-pulse rounded bg-current opacity-20" role="status">
      <span className="sr-only">{intl.formatMessage({ id: 'billing.price.loading', defaultMessage: 'Loading price' })}</span>
    </span>
  );
}
