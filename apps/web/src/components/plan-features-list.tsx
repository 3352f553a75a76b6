// The list of what the single plan includes, each line with a check mark (pricing, subscribe, subscription).
import { Check } from 'lucide-react';
import { PLAN_FEATURES } from '../lib/pricing';

/** `className` sets the list's grid and text size where it stands. */
export function PlanFeaturesList({ className }: { className: string }) {
  return (
    <ul className={className}>
      {PLAN_FEATURES.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
