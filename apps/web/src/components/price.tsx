import type { BillingInterval } from '@qrd/contracts';
import { usePlanPrices } from '../lib/site-config';

/**
 * A plan's price per code, as the server configures it, in dollars and cents. A placeholder the width of a
 * price while it loads, and a dash if it cannot be loaded (never a price the server did not say).
 */
export function Price({ interval }: { interval: BillingInterval }) {
  const { prices, isError } = usePlanPrices();
  if (prices) return <>{prices[interval]}</>;
  if (isError) return <>—</>;
  return (
    <span className="inline-block h-[0.8em] w-[3.5ch] animate-pulse rounded bg-current opacity-20" role="status">
      <span className="sr-only">Loading price</span>
    </span>
  );
}
