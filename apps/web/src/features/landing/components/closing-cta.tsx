import { ArrowRight } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { Price } from '../../../components/price';

/** Spec: 'Get Started Now' goes to /subscribe when signed in, /auth when not. */
export function ClosingCta() {
  const { data: user } = useUser();
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          <FormattedMessage id="billing.landing.cta.title" defaultMessage="Print it once. Change it forever." />
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty opacity-90">
          <FormattedMessage
            id="billing.landing.cta.text"
            defaultMessage="Your first dynamic QR code is two minutes away, for {price} a month."
            values={{ price: <Price interval="monthly" /> }}
          />
        </p>
        <Button asChild size="lg" variant="secondary" className="mt-8">
          <Link to={user ? paths.subscribe : paths.auth}>
            <FormattedMessage id="billing.landing.cta.button" defaultMessage="Get Started Now" />
            <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
