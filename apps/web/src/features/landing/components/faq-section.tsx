import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Price } from '../../../components/price';
import { SectionHeading } from './section-heading';

/** Answers true to DESIGN.md section 6 (per-code seats, what happens when a subscription ends). */
export const FAQS: { q: string; a: ReactNode }[] = [
  {
    q: 'What is a dynamic QR code?',
    a: 'A QR code that opens a short address of ours, which sends each scan on to the URL you choose. You can change that URL whenever you like and the printed code keeps working: its image never changes.',
  },
  {
    q: 'How does pricing work?',
    a: (
      <>
        You pay per code: <Price interval="monthly" /> per QR code per month, or <Price interval="annual" /> per QR code per
        year. Subscribing buys your first code; each further code adds one to your subscription, charged pro rata for the
        rest of the period. Deleting a code frees its place and lowers your bill; deactivating a code keeps it. No setup
        fees, no contract.
      </>
    ),
  },
  {
    q: 'What happens to my codes if my subscription ends?',
    a: 'Cancelling takes effect at the end of the period you paid for, and you can resume until then. Once the subscription has ended, your codes stop redirecting and scanners see "This QR code is not active" until you subscribe again, which brings every code back with the same image. If a renewal payment fails, your codes keep working during the grace period while you update your card.',
  },
  {
    q: 'What do the analytics show?',
    a: 'Total and unique scans, the last scan, scans over time, countries and cities, devices, operating systems, browsers and referrers. Bots and link previews are counted separately, and you can export scans as CSV. We never store scanners’ IP addresses.',
  },
  {
    q: 'Which file formats can I download?',
    a: 'PNG for screens, and SVG or vector PDF for print at any size, in your own colours and style.',
  },
];

/** Spec: five questions, one open at a time (a second click closes it). */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <Accordion.Root type="single" collapsible className="mt-10 divide-y rounded-xl border bg-card">
          {FAQS.map(({ q, a }) => (
            <Accordion.Item key={q} value={q}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-medium outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
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
