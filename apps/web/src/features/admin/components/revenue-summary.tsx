import { DollarSign } from 'lucide-react';
import { useRevenue } from '../api/admin-overview';
import { formatCount, formatMoney } from '../api/format';
import { AdminCard } from '../../../components/admin-card';
import { couldNotLoad, QueryState } from '../../../components/query-state';
import { Stat } from './stat';

/** Spec section 9's formula with per-code seats, computed by the billing-service. */
export function RevenueSummary() {
  const revenue = useRevenue();
  const data = revenue.data;
  return (
    <AdminCard
      id="revenue"
      title="Revenue Summary"
      icon={<DollarSign className="size-5 text-primary" aria-hidden="true" />}
      description="Recurring revenue of live subscriptions: monthly seats × monthly price + annual seats × annual price ÷ 12."
    >
      <QueryState isLoading={revenue.isLoading} error={revenue.error} onRetry={() => void revenue.refetch()} loading="Loading revenue..." failure={couldNotLoad('revenue')} />
      {data && (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat label="Monthly revenue" value={formatMoney(data.monthlyRevenue)} />
          <Stat label="Annual revenue" value={formatMoney(data.annualRevenue)} hint="Monthly revenue × 12" />
          <Stat
            label="Conversion rate"
            value={`${data.conversionRate}%`}
            hint={`${formatCount(data.subscribedUsers)} of ${formatCount(data.totalUsers)} users subscribed`}
          />
          <Stat
            label="Paid codes"
            value={formatCount(data.monthlySeats + data.annualSeats)}
            hint={`${formatCount(data.monthlySeats)} monthly, ${formatCount(data.annualSeats)} annual`}
          />
        </dl>
      )}
    </AdminCard>
  );
}
