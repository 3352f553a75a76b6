import { Check } from 'lucide-react';
import { PLAN_FEATURES } from '../../../lib/pricing';
import { Price } from '../../../components/price';

/** The large-screen column of /auth: what the plan includes. */
export function AuthPromoPanel() {
  return (
    <aside className="flex flex-col justify-center rounded-2xl bg-gradient-to-br from-indigo-600 to-indigo-800 p-10 text-white shadow-lg dark:from-indigo-800 dark:to-indigo-950">
      <h2 className="text-3xl font-bold tracking-tight">Dynamic QR codes for <Price interval="monthly" /></h2>
      <p className="mt-3 text-white/85">
        Print your code once and change where it points whenever you like. <Price interval="monthly" /> per code per
        month or <Price interval="annual" /> per code per year, no setup fees, cancel any time.
      </p>
      <h3 className="mt-8 text-sm font-semibold tracking-wide text-white/80 uppercase">Everything included</h3>
      <ul className="mt-4 grid gap-3">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-white/20">
              <Check className="size-3.5" aria-hidden="true" />
            </span>
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
