/** Requests the billing-service answers. The billing team adds its own patterns here. */
export enum BillingPattern {
  /** Whether a user may create one more code: an active subscription with a free seat. */
  Entitlement = 'billing.entitlement',
  /** Plan of each user, for the admin user table. */
  PlansForUsers = 'billing.plans-for-users',
}

export interface UserPlan {
  status: string;
  interval: 'monthly' | 'annual';
  seats: number;
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
  [BillingPattern.PlansForUsers]: { req: { userIds: string[] }; res: Record<string, UserPlan | null> };
}
