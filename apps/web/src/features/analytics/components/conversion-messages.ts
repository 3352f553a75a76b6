// The words of the conversion figures, shared by the cards and tables that show them.
import { defineMessages } from 'react-intl';

export const conversionMessages = defineMessages({
  leads: { id: 'analytics.conversions.leads', defaultMessage: 'Leads' },
  sales: { id: 'analytics.conversions.sales', defaultMessage: 'Sales' },
  revenue: { id: 'analytics.conversions.revenue', defaultMessage: 'Revenue' },
  mostSales: { id: 'analytics.conversions.mostSales', defaultMessage: 'Most sales' },
});
