import { ChartColumn, QrCode, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { SectionHeading } from './section-heading';

/** Spec section 1's three-step explainer. */
const STEPS = [
  { title: 'Create a QR code', text: 'Name it, enter the URL it should open, choose its look and download it.', Icon: QrCode },
  { title: 'Update it any time', text: 'Point the same printed code somewhere new in seconds, as often as you like.', Icon: RefreshCw },
  { title: 'Track scans', text: 'See every scan as it happens: where, when and on which device.', Icon: ChartColumn },
] as const;

export function HowItWorksSection() {
  const { data: user } = useUser();
  return (
    <section aria-labelledby="how-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" eyebrow="How it works" title="Three steps, two minutes" />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ title, text, Icon }, index) => (
            <li key={title} className="relative rounded-xl border bg-card p-6">
              <span className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <Icon className="size-5 text-primary" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <Link to={user ? paths.dashboard : paths.auth}>Get Started Now</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
