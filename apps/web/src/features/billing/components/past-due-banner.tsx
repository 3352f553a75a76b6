import { AlertTriangle } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useSubscription } from '../api/subscription';

/**
 * Shown on every page while a renewal payment has failed (past_due): the codes still redirect,
 * for now; a new card fixes it.
 */
export function PastDueBanner() {
  const { data: user } = useUser();
  const { data: subscription } = useSubscription(!!user);
  if (!user || subscription?.status !== 'past_due') return null;
  return (
    <div role="alert" className="border-b border-warning bg-warning/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm sm:px-6 lg:px-8">
        <AlertTriangle className="size-4 shrink-0 text-yellow-700 dark:text-yellow-300" aria-hidden="true" />
        <p className="flex-1">
          <FormattedMessage
            id="billing.pastDue.text"
            defaultMessage="<strong>Your last payment failed.</strong> Your QR codes keep working for now; update your payment method so they don't stop."
            values={{ strong: (chunks) => <span className="font-semibold">{chunks}</span> }}
          />
        </p>
        <Link
          to={`${paths.account}?tab=subscription`}
          className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <FormattedMessage id="billing.pastDue.update" defaultMessage="Update Payment Method" />
        </Link>
      </div>
    </div>
  );
}
