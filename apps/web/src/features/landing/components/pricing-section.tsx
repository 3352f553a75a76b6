import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { monthsFreeLabel } from '../../../lib/pricing';
import { Price } from '../../../components/price';
import { usePlanPrices } from '../../../lib/site-config';
import { paths } from '../../../lib/paths';
import { SectionHeading } from './section-heading';
import { PlanFeaturesList } from '../../../components/plan-features-list';

const PLANS = {
  monthly: { period: 'per code per month', billed: 'Billed monthly' },
  annual: { period: 'per code per year', billed: 'Billed annually' },
} as const;

function PlanCard({ interval }: { interval: keyof typeof PLANS }) {
  const plan = PLANS[interval];
  const { prices } = usePlanPrices();
  const badge = interval === 'annual' && prices?.annualMonthsFree ? monthsFreeLabel(prices.annualMonthsFree).toUpperCase() : null;
  return (
    <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{interval === 'monthly' ? 'Monthly' : 'Annual'}</h3>
        {badge && (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-bold text-primary-foreground">{badge}</span>
        )}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-5xl font-extrabold tracking-tight">
          <Price interval={interval} />
        </span>
        <span className="text-muted-foreground">{plan.period}</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{plan.billed}. No setup fees, no contract.</p>
      <PlanFeaturesList className="mt-6 grid gap-3 text-sm" />
      <Button asChild size="lg" className="mt-8 w-full">
        <Link to={paths.signup}>Get Started Today</Link>
      </Button>
    </div>
  );
}

/** Spec: Monthly/Annual tabs, Monthly first; DESIGN section 6: every price is per code (seat). */
export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="pricing-title"
        eyebrow="Pricing"
        title="Simple pricing: pay per code"
        text="One plan with every feature. Each QR code you keep is one seat on your subscription."
      />
      <Tabs defaultValue="monthly" className="mx-auto mt-10 max-w-md">
        <TabsList className="grid w-full grid-cols-2" aria-label="Billing period">
          <TabsTrigger value="monthly">Monthly</TabsTrigger>
          <TabsTrigger value="annual">Annual</TabsTrigger>
        </TabsList>
        <TabsContent value="monthly" className="mt-6">
          <PlanCard interval="monthly" />
        </TabsContent>
        <TabsContent value="annual" className="mt-6">
          <PlanCard interval="annual" />
        </TabsContent>
      </Tabs>
      <p className="mx-auto mt-6 max-w-xl text-center text-sm text-muted-foreground">
        Adding a code adds a seat, charged pro rata for the rest of the period. Deleting a code leaves its seat free
        for another code until the period ends, when seats no code uses are dropped; deactivating a code keeps its seat.
      </p>
    </section>
  );
}
