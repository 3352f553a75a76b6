import { ChartColumn, QrCode, RefreshCw } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { SectionHeading } from './section-heading';

const messages = defineMessages<string>({
  createTitle: { id: 'billing.landing.how.createTitle', defaultMessage: 'Create a QR code' },
  createText: { id: 'billing.landing.how.createText', defaultMessage: 'Name it, enter the URL it should open, choose its look and download it.' },
  updateTitle: { id: 'billing.landing.how.updateTitle', defaultMessage: 'Update it any time' },
  updateText: { id: 'billing.landing.how.updateText', defaultMessage: 'Point the same printed code somewhere new in seconds, as often as you like.' },
  trackTitle: { id: 'billing.landing.how.trackTitle', defaultMessage: 'Track scans' },
  trackText: { id: 'billing.landing.how.trackText', defaultMessage: 'See every scan as it happens: where, when and on which device.' },
});

/** Spec section 1's three-step explainer. */
const STEPS = [
  { key: 'create', title: messages.createTitle, text: messages.createText, Icon: QrCode },
  { key: 'update', title: messages.updateTitle, text: messages.updateText, Icon: RefreshCw },
  { key: 'track', title: messages.trackTitle, text: messages.trackText, Icon: ChartColumn },
] as const;

export function HowItWorksSection() {
  const intl = useIntl();
  const { data: user } = useUser();
  return (
    <section aria-labelledby="how-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-title"
          eyebrow={intl.formatMessage({ id: 'billing.landing.how.eyebrow', defaultMessage: 'How it works' })}
          title={intl.formatMessage({ id: 'billing.landing.how.title', defaultMessage: 'Three steps, two minutes' })}
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ key, title, text, Icon }, index) => (
            <li key={key} className="relative rounded-xl border bg-card p-6">
              <span className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {intl.formatNumber(index + 1)}
                </span>
                <Icon className="size-5 text-primary" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{intl.formatMessage(title)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{intl.formatMessage(text)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <Link to={user ? paths.dashboard : paths.auth}>
              <FormattedMessage id="billing.landing.how.getStarted" defaultMessage="Get Started Now" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
