import type { BillingInterval } from '@qrd/contracts';

/** The billing feature's cached answers; codes and onboarding read the subscription through these keys. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  billingDetails: () => [...billingKeys.all, 'billing-details'] as const,
  credit: () => [...billingKeys.all, 'credit'] as const,
  switchPreview: (interval: BillingInterval) => [...billingKeys.all, 'switch-preview', interval] as const,
};
