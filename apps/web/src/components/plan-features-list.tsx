// The list of what the single plan includes, each line with a check mark (pricing, subscribe, subscription).
import { Check } from 'lucide-react';
import { useIntl } from 'react-intl';
import { PLAN_FEATURE_MESSAGES } from '../lib/pricing';

/** `className` sets the list's grid and text size where it stands. */
export function PlanFeaturesList({ className }: { className: string }) {
  const intl = useIntl();
  return (
    <ul className={className}>
      {Object.entries(PLAN_FEATURE_MESSAGES).map(([key, message]) => (
        <li key={key} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {intl.formatMessage(message)}
        </li>
      ))}
    </ul>
  );
}
