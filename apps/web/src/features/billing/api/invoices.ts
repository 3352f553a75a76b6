import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingDetailsView, InvoiceSummaryView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** GET /api/invoices -> the account's invoices, newest first. */
export function getInvoices(): Promise<InvoiceSummaryView[]> {
  return api.get<InvoiceSummaryView[]>('/api/invoices');
}

/** GET /api/billing-details -> what invoices print about the buyer. */
export function getBillingDetails(): Promise<BillingDetailsView> {
  return api.get<BillingDetailsView>('/api/billing-details');
}

/** PUT /api/billing-details: used on invoices issued from now on. */
export function saveBillingDetails(details: BillingDetailsView): Promise<BillingDetailsView> {
  return api.put<BillingDetailsView>('/api/billing-details', details);
}

export const invoicesQueryOptions = () => queryOptions({ queryKey: billingKeys.invoices(), queryFn: getInvoices });
export const billingDetailsQueryOptions = () => queryOptions({ queryKey: billingKeys.billingDetails(), queryFn: getBillingDetails });

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}

export function useBillingDetails() {
  return useQuery(billingDetailsQueryOptions());
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (details) => queryClient.setQueryData(billingKeys.billingDetails(), details),
  });
}
