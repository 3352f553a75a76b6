/** Requests the billing-service answers. The billing team adds its own patterns here. */
export enum BillingPattern {
  /** Whether a user may create one more code: an active subscription with a free seat. */
  Entitlement = 'billing.entitlement',
}

export interface BillingRequests {
  [BillingPattern.Entitlement]: {
    req: { userId: string; codesInUse: number };
    res: {
      allowed: boolean;
      reason: 'ok' | 'no-subscription' | 'no-free-seat';
      /** Subscription status, null without one. */
      status: string | null;
      seats: number;
    };
  };
}
