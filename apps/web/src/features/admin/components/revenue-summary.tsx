import { DollarSign } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { useRevenue } from '../api/admin-overview';
import { formatCount, formatRevenue, loadFailure } from '../api/format';
import { AdminCard } from '../../../components/admin-card';
import { QueryState } from '../../../components/query-state';
import { Stat } from './stat';

const messages = defineMessages<string>({
  title: { id: 'analytics.admin.revenue.title', defaultMessage: 'Revenue Summary' },
  description: {
    id: 'analytics.admin.revenue.description',
    defaultMessage: 'Recurring revenue of live subscriptions: monthly seats × monthly price + annual seats × annual price ÷ 12.',
  },
  loading: { id: 'analytics.admin.revenue.loading', defaultMessage: 'Loading revenue...' },
  loadFailed: { id: 'analytics.admin.revenue.loadFailed', defaultMessage: 'Could not load revenue: {reason}' },
  monthly: { id: 'analytics.admin.revenue.monthly', defaultMessage: 'Monthly revenue' },
  annual: { id: 'analytics.admin.revenue.annual', defaultMessage: 'Annual revenue' },
  annualHint: { id: 'analytics.admin.revenue.annualHint', defaultMessage: 'Monthly revenue × 12' },
  conversion: { id: 'analytics.admin.revenue.conversion', defaultMessage: 'Conversion rate' },
  conversionHint: {
    id: 'analytics.admin.revenue.conversionHint',
    defaultMessage: '{subscribed} of {total, plural, one {# user} other {# users}} subscribed',
  },
  paidCodes: { id: 'analytics.admin.revenue.paidCodes', defaultMessage: 'Paid codes' },
  paidCodesHint: { id: 'analytics.admin.revenue.paidCodesHint', defaultMessage: '{monthly} monthly, {annual} annual' },
});

/** Spec section 9's formula with per-code seats, computed by the billing-service. */
export function RevenueSummary() {
  const intl = useIntl();
  const revenue = useRevenue();
  const data = revenue.data;
  return (
    <AdminCard
      id="revenue"
      title={intl.formatMessage(messages.title)}
      icon={<DollarSign className="size-5 text-primary" aria-hidden="true" />}
      description={intl.formatMessage(messages.description)}
    >
      <QueryState
        isLoading={revenue.isLoading}
        error={revenue.error}
        onRetry={() => void revenue.refetch()}
        loading={intl.formatMessage(messages.loading)}
        failure={loadFailure(intl, messages.loadFailed)}
      />
      {data && (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat label={intl.formatMessage(messages.monthly)} value={formatRevenue(intl, data.byCurrency, (r) => r.monthlyRevenue, data.monthlyRevenue)} />
          <Stat label={intl.formatMessage(messages.annual)} value={formatRevenue(intl, data.byCurrency, (r) => r.annualRevenue, data.annualRevenue)} hint={intl.formatMessage(messages.annualHint)} />
          <Stat
            label={intl.formatMessage(messages.conversion)}
            value={intl.formatNumber(data.conversionRate / 100, { style: 'percent', maximumFractionDigits: 2 })}
            hint={intl.formatMessage(messages.conversionHint, { subscribed: formatCount(intl, data.subscribedUsers), total: data.totalUsers })}
          />
          <Stat
            label={intl.formatMessage(messages.paidCodes)}
            value={formatCount(intl, data.monthlySeats + data.annualSeats)}
            hint={intl.formatMessage(messages.paidCodesHint, { monthly: formatCount(intl, data.monthlySeats), annual: formatCount(intl, data.annualSeats) })}
          />
        </dl>
      )}
    </AdminCard>
  );
}
