// The billing feature's public surface: other features import from here, never from its folders.
export { SubscriptionPanel } from './components/subscription-panel';
export { InvoicesCard } from './components/invoices-card';
export { BillingDetailsCard } from './components/billing-details-card';
export { useSignupWithPayment } from './hooks/use-signup-with-payment';
export type { SignupDetails, SignupOutcome } from './hooks/use-signup-with-payment';
export { billingKeys } from './api/keys';
export { subscriptionQueryOptions } from './api/subscription';
export { usePaymentAuthentication } from './hooks/use-payment-authentication';
export type { AuthenticationResult } from './hooks/use-payment-authentication';
