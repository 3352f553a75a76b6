import { FormattedMessage } from 'react-intl';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { Spinner } from '../ui/spinner';

/** Spec section 2: 'Loading...' over the whole screen, shown only after 200 ms so quick loads never flash. */
export function FullScreenSpinner({ delayMs = 200 }: { delayMs?: number }) {
  const visible = useDebouncedValue(true, delayMs, { initial: false });
  if (!visible) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-background">
      <Spinner className="size-8 text-primary" />
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="site.fullScreenSpinner.loading" defaultMessage="Loading..." />
      </p>
    </div>
  );
}
