/** Requests the billing-service answers. */
export enum BillingPattern {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BillingRequests {}
