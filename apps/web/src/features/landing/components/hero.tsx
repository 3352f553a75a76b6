import { ChartColumn, RefreshCw, Share2 } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { Price } from '../../../components/price';
import { DemoCard } from './demo-card';

const messages = defineMessages<string>({
  updateTitle: { id: 'billing.landing.hero.updateTitle', defaultMessage: 'Update anytime' },
  updateText: { id: 'billing.landing.hero.updateText', defaultMessage: 'Change where a printed code points without reprinting it.' },
  trackingTitle: { id: 'billing.landing.hero.trackingTitle', defaultMessage: 'Scan tracking' },
  trackingText: { id: 'billing.landing.hero.trackingText', defaultMessage: 'See how many people scan, where, when and on which device.' },
  sharingTitle: { id: 'billing.landing.hero.sharingTitle', defaultMessage: 'Easy sharing' },
  sharingText: { id: 'billing.landing.hero.sharingText', defaultMessage: 'Download PNG, SVG or PDF files ready for print and the web.' },
});

const SELLING_POINTS = [
  { key: 'update', title: messages.updateTitle, text: messages.updateText, Icon: RefreshCw },
  { key: 'tracking', title: messages.trackingTitle, text: messages.trackingText, Icon: ChartColumn },
  { key: 'sharing', title: messages.sharingTitle, text: messages.sharingText, Icon: Share2 },
] as const;

export function Hero() {
  const intl = useIntl();
  const { isLoading } = useUser();
  const getStarted = <FormattedMessage id="billing.landing.hero.getStarted" defaultMessage="Get Started" />;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-background to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div className="text-center lg:text-start">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            <FormattedMessage id="billing.landing.hero.eyebrow" defaultMessage="The Cheapest Dynamic QR Codes Online" />
          </p>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            <FormattedMessage
              id="billing.landing.hero.title"
              defaultMessage="Dynamic QR codes for {price}"
              values={{
                price: (
                  <span className="text-primary">
                    <Price interval="monthly" />
                  </span>
                ),
              }}
            />
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty lg:mx-0">
            <FormattedMessage
              id="billing.landing.hero.text"
              defaultMessage="Print once, change the destination whenever you like, and watch real scan analytics. {price} per code per month, no contract, no setup fees, cancel any time."
              values={{ price: <Price interval="monthly" /> }}
            />
          </p>
          <div className="mt-8 flex justify-center lg:justify-start">
            {isLoading ? (
              <Button size="lg" disabled>
                {getStarted}
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to={paths.signup}>{getStarted}</Link>
              </Button>
            )}
          </div>
          <ul className="mt-12 grid gap-6 text-start sm:grid-cols-3">
            {SELLING_POINTS.map(({ key, title, text, Icon }) => (
              <li key={key} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold">{intl.formatMessage(title)}</span>
                  <span className="block text-sm text-muted-foreground">{intl.formatMessage(text)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <DemoCard />
      </div>
    </section>
  );
}
