import { ChartColumn, RefreshCw, Share2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { Price } from '../../../components/price';
import { DemoCard } from './demo-card';

const SELLING_POINTS = [
  { title: 'Update anytime', text: 'Change where a printed code points without reprinting it.', Icon: RefreshCw },
  { title: 'Scan tracking', text: 'See how many people scan, where, when and on which device.', Icon: ChartColumn },
  { title: 'Easy sharing', text: 'Download PNG, SVG or PDF files ready for print and the web.', Icon: Share2 },
] as const;

export function Hero() {
  const { isLoading } = useUser();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-background to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div className="text-center lg:text-left">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">The Cheapest Dynamic QR Codes Online</p>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Dynamic QR codes for <span className="text-primary"><Price interval="monthly" /></span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty lg:mx-0">
            Print once, change the destination whenever you like, and watch real scan analytics. <Price interval="monthly" /> per
            code per month, no contract, no setup fees, cancel any time.
          </p>
          <div className="mt-8 flex justify-center lg:justify-start">
            {isLoading ? (
              <Button size="lg" disabled>
                Get Started
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to={paths.signup}>Get Started</Link>
              </Button>
            )}
          </div>
          <ul className="mt-12 grid gap-6 text-left sm:grid-cols-3">
            {SELLING_POINTS.map(({ title, text, Icon }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-muted-foreground">{text}</span>
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
