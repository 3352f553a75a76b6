import { ChartNoAxesCombined, Download, Link2, Mail, Palette, QrCode, RefreshCw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Price } from '../../../components/price';
import { SectionHeading } from './section-heading';

/** Spec section 1's plan features and claims, as the product implements them. */
const FEATURES: { title: string; text: ReactNode; Icon: typeof QrCode }[] = [
  {
    title: 'Unlimited dynamic QR codes',
    text: (
      <>
        Create as many codes as you need, each for <Price interval="monthly" /> a month.
      </>
    ),
    Icon: QrCode,
  },
  { title: 'Update destinations any time', text: 'Change the URL behind a printed code; the image never changes.', Icon: RefreshCw },
  {
    title: 'Scan analytics',
    text: 'Total and unique scans, countries and cities, devices, operating systems, browsers and time of day.',
    Icon: ChartNoAxesCombined,
  },
  { title: 'High-quality downloads', text: 'PNG for screens, SVG and vector PDF for print at any size.', Icon: Download },
  { title: 'Custom designs', text: 'Your colours, dot style, margin and an optional centre logo, checked for scannability.', Icon: Palette },
  { title: 'URL management', text: 'Search, filter by category, deactivate and reactivate codes from one dashboard.', Icon: Link2 },
  { title: 'Fast, reliable redirects', text: 'Redirects are answered from memory in milliseconds, built to keep working.', Icon: ShieldCheck },
  { title: 'Email support', text: 'Real people answer your questions by email.', Icon: Mail },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need, in one plan"
          text="No tiers and no add-ons: every feature comes with every code."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-xl border bg-card p-6">
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
