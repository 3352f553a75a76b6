import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Price } from '../../../components/price';
import { SectionHeading } from './section-heading';

const messages = defineMessages<string>({
  whatQ: { id: 'billing.landing.faq.whatQuestion', defaultMessage: 'What is a dynamic QR code?' },
  whatA: {
    id: 'billing.landing.faq.whatAnswer',
    defaultMessage:
      'A QR code that opens a short address of ours, which sends each scan on to the URL you choose. You can change that URL whenever you like and the printed code keeps working: its image never changes.',
  },
  pricingQ: { id: 'billing.landing.faq.pricingQuestion', defaultMessage: 'How does pricing work?' },
  endsQ: { id: 'billing.landing.faq.endsQuestion', defaultMessage: 'What happens to my codes if my subscription ends?' },
  endsA: {
    id: 'billing.landing.faq.endsAnswer',
    defaultMessage:
      'Cancelling takes effect at the end of the period you paid for, and you can resume until then. Once the subscription has ended, your codes stop redirecting and scanners see "This QR code is not active" until you subscribe again, which brings every code back with the same image. If a renewal payment fails, your codes keep working during the grace period while you update your card.',
  },
  analyticsQ: { id: 'billing.landing.faq.analyticsQuestion', defaultMessage: 'What do the analytics show?' },
  analyticsA: {
    id: 'billing.landing.faq.analyticsAnswer',
    defaultMessage:
      'Total and unique scans, the last scan, scans over time, countries and cities, devices, operating systems, browsers and referrers. Bots and link previews are counted separately, and you can export scans as CSV. We never store scanners’ IP addresses.',
  },
  formatsQ: { id: 'billing.landing.faq.formatsQuestion', defaultMessage: 'Which file formats can I download?' },
  formatsA: {
    id: 'billing.landing.faq.formatsAnswer',
    defaultMessage: 'PNG for screens, and SVG or vector PDF for print at any size, in your own colours and style.',
  },
});

/** Answers true to DESIGN.md section 6 (per-code seats, what happens when a subscription ends). */
export function useFaqs(): { key: string; q: string; a: ReactNode }[] {
  const intl = useIntl();
  return [
    { key: 'what', q: intl.formatMessage(messages.whatQ), a: intl.formatMessage(messages.whatA) },
    {
      key: 'pricing',
      q: intl.formatMessage(messages.pricingQ),
      a: (
        <FormattedMessage
          id="billing.landing.faq.pricingAnswer"
          defaultMessage="You pay per code: {monthly} per QR code per month, or {annual} per QR code per year. Subscribing buys your first code; each further code adds one to your subscription, charged pro rata for the rest of the period. Deleting a code frees its place and lowers your bill; deactivating a code keeps it. No setup fees, no contract."
          values={{ monthly: <Price interval="monthly" />, annual: <Price interval="annual" /> }}
        />
      ),
    },
    { key: 'ends', q: intl.formatMessage(messages.endsQ), a: intl.formatMessage(messages.endsA) },
    { key: 'analytics', q: intl.formatMessage(messages.analyticsQ), a: intl.formatMessage(messages.analyticsA) },
    { key: 'formats', q: intl.formatMessage(messages.formatsQ), a: intl.formatMessage(messages.formatsA) },
  ];
}

/** Spec: five questions, one open at a time (a second click closes it). */
export function FaqSection() {
  const intl = useIntl();
  const faqs = useFaqs();
  return (
    <section id="faq" aria-labelledby="faq-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="faq-title"
          eyebrow={intl.formatMessage({ id: 'billing.landing.faq.eyebrow', defaultMessage: 'FAQ' })}
          title={intl.formatMessage({ id: 'billing.landing.faq.title', defaultMessage: 'Frequently asked questions' })}
        />
        <Accordion.Root type="single" collapsible className="mt-10 divide-y rounded-xl border bg-card">
          {faqs.map(({ key, q, a }) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-start font-medium outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
                  {q}
                  <ChevronDown
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden="true"
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-muted-foreground">{a}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
