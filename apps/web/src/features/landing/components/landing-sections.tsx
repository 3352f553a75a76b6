import * as Accordion from '@radix-ui/react-accordion';
import { Check, ChevronDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PLAN_FEATURES, PRICES } from '../../../lib/pricing';
import { paths } from '../../../lib/paths';

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-muted-foreground">{text}</p>
    </div>
  );
}

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="features-title"
        title="Everything you need"
        text="One simple plan with every feature included."
      />
      <ul className="mx-auto mt-12 grid max-w-4xl gap-4 sm:grid-cols-2">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-3 rounded-lg border bg-card p-4">
            <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          title="Simple pricing"
          text="Pay per QR code. No contract, no setup fees, cancel any time."
        />
        <div className="mx-auto mt-12 grid max-w-3xl gap-6 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Monthly</CardTitle>
              <CardDescription>Billed monthly</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-4xl font-extrabold">{PRICES.monthly.label}</p>
              <p className="text-sm text-muted-foreground">per QR code per month</p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                Annual
                <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary">2 MONTHS FREE</span>
              </CardTitle>
              <CardDescription>Billed annually</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-4xl font-extrabold">{PRICES.annual.label}</p>
              <p className="text-sm text-muted-foreground">per QR code per year</p>
            </CardContent>
          </Card>
        </div>
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <Link to={paths.signup}>Get Started Today</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

const FAQS = [
  {
    q: 'What is a dynamic QR code?',
    a: 'A QR code that points to a short redirect address. You can change where it sends people at any time, and the printed code keeps working.',
  },
  {
    q: 'How much does it cost?',
    a: '$3.49 per QR code per month, or $34.90 per QR code per year (two months free). There are no setup fees and no contract.',
  },
  {
    q: 'What happens if I cancel?',
    a: 'Your subscription runs until the end of the period you paid for. After that your codes stop redirecting until you subscribe again.',
  },
  {
    q: 'What analytics do I get?',
    a: 'Scan counts, unique scanners, location, device, operating system, browser and time of each scan.',
  },
  {
    q: 'Which file formats can I download?',
    a: 'PNG, SVG and PDF, ready for print and the web.',
  },
] as const;

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="faq-title" title="Frequently asked questions" text="Everything you need to know." />
      <Accordion.Root type="single" collapsible className="mt-10 divide-y rounded-lg border bg-card">
        {FAQS.map(({ q, a }) => (
          <Accordion.Item key={q} value={q}>
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
                {q}
                <ChevronDown className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-muted-foreground">{a}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
