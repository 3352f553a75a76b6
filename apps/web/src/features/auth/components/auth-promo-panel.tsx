import { Check } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { PLAN_FEATURE_MESSAGES } from '../../../lib/pricing';
import { Price } from '../../../components/price';

/** The large-screen column of /auth: what the plan includes. */
export function AuthPromoPanel() {
  const prices = { monthly: <Price interval="monthly" />, annual: <Price interval="annual" /> };
  return (
    <aside className="flex flex-col justify-center rounded-2xl bg-gradient-to-br from-indigo-600 to-indigo-800 p-10 text-white shadow-lg dark:from-indigo-800 dark:to-indigo-950">
      <h2 className="text-3xl font-bold tracking-tight">
        <FormattedMessage id="site.authPromo.title" defaultMessage="Dynamic QR codes for {monthly}" values={{ monthly: prices.monthly }} />
      </h2>
      <p className="mt-3 text-white/85">
        <FormattedMessage
          id="site.authPromo.text"
          defaultMessage="Print your code once and change where it points whenever you like. {monthly} per code per month or {annual} per code per year, no setup fees, cancel any time."
          values={{ monthly: prices.monthly, annual: prices.annual }}
        />
      </p>
      <h3 className="mt-8 text-sm font-semibold tracking-wide text-white/80 uppercase">
        <FormattedMessage id="site.authPromo.included" defaultMessage="Everything included" />
      </h3>
      <ul className="mt-4 grid gap-3">
        {Object.entries(PLAN_FEATURE_MESSAGES).map(([key, feature]) => (
          <li key={key} className="flex items-start gap-3">
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-white/20">
              <Check className="size-3.5" aria-hidden="true" />
            </span>
            <span>
              <FormattedMessage {...feature} />
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
