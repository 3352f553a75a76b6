import { ChartNoAxesCombined, Download, Link2, Mail, Palette, QrCode, RefreshCw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Price } from '../../../components/price';
import { SectionHeading } from './section-heading';

const messages = defineMessages<string>({
  unlimitedTitle: { id: 'billing.landing.features.unlimitedTitle', defaultMessage: 'Unlimited dynamic QR codes' },
  updateTitle: { id: 'billing.landing.features.updateTitle', defaultMessage: 'Update destinations any time' },
  updateText: { id: 'billing.landing.features.updateText', defaultMessage: 'Change the URL behind a printed code; the image never changes.' },
  analyticsTitle: { id: 'billing.landing.features.analyticsTitle', defaultMessage: 'Scan analytics' },
  analyticsText: {
    id: 'billing.landing.features.analyticsText',
    defaultMessage: 'Total and unique scans, countries and cities, devices, operating systems, browsers and time of day.',
  },
  downloadsTitle: { id: 'billing.landing.features.downloadsTitle', defaultMessage: 'High-quality downloads' },
  downloadsText: { id: 'billing.landing.features.downloadsText', defaultMessage: 'PNG for screens, SVG and vector PDF for print at any size.' },
  designsTitle: { id: 'billing.landing.features.designsTitle', defaultMessage: 'Custom designs' },
  designsText: {
    id: 'billing.landing.features.designsText',
    defaultMessage: 'Your colours, dot style, margin and an optional centre logo, checked for scannability.',
  },
  urlsTitle: { id: 'billing.landing.features.urlsTitle', defaultMessage: 'URL management' },
  urlsText: { id: 'billing.landing.features.urlsText', defaultMessage: 'Search, filter by category, deactivate and reactivate codes from one dashboard.' },
  redirectsTitle: { id: 'billing.landing.features.redirectsTitle', defaultMessage: 'Fast, reliable redirects' },
  redirectsText: { id: 'billing.landing.features.redirectsText', defaultMessage: 'Redirects are answered from memory in milliseconds, built to keep working.' },
  supportTitle: { id: 'billing.landing.features.supportTitle', defaultMessage: 'Email support' },
  supportText: { id: 'billing.landing.features.supportText', defaultMessage: 'Real people answer your questions by email.' },
});

/** Spec section 1's plan features and claims, as the product implements them. */
function useFeatures(): { key: string; title: string; text: ReactNode; Icon: typeof QrCode }[] {
  const intl = useIntl();
  return [
    {
      key: 'unlimited',
      title: intl.formatMessage(messages.unlimitedTitle),
      text: (
        <FormattedMessage
          id="billing.landing.features.unlimitedText"
          defaultMessage="Create as many codes as you need, each for {price} a month."
          values={{ price: <Price interval="monthly" /> }}
        />
      ),
      Icon: QrCode,
    },
    { key: 'update', title: intl.formatMessage(messages.updateTitle), text: intl.formatMessage(messages.updateText), Icon: RefreshCw },
    { key: 'analytics', title: intl.formatMessage(messages.analyticsTitle), text: intl.formatMessage(messages.analyticsText), Icon: ChartNoAxesCombined },
    { key: 'downloads', title: intl.formatMessage(messages.downloadsTitle), text: intl.formatMessage(messages.downloadsText), Icon: Download },
    { key: 'designs', title: intl.formatMessage(messages.designsTitle), text: intl.formatMessage(messages.designsText), Icon: Palette },
    { key: 'urls', title: intl.formatMessage(messages.urlsTitle), text: intl.formatMessage(messages.urlsText), Icon: Link2 },
    { key: 'redirects', title: intl.formatMessage(messages.redirectsTitle), text: intl.formatMessage(messages.redirectsText), Icon: ShieldCheck },
    { key: 'support', title: intl.formatMessage(messages.supportTitle), text: intl.formatMessage(messages.supportText), Icon: Mail },
  ];
}

export function FeaturesSection() {
  const intl = useIntl();
  const features = useFeatures();
  return (
    <section id="features" aria-labelledby="features-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow={intl.formatMessage({ id: 'billing.landing.features.eyebrow', defaultMessage: 'Features' })}
          title={intl.formatMessage({ id: 'billing.landing.features.title', defaultMessage: 'Everything you need, in one plan' })}
          text={intl.formatMessage({ id: 'billing.landing.features.text', defaultMessage: 'No tiers and no add-ons: every feature comes with every code.' })}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ key, title, text, Icon }) => (
            <li key={key} className="rounded-xl border bg-card p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
