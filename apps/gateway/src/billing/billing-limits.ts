import { clientKey } from '../auth/limits';
import type { Limit } from '../sessions/rate-limiter';

/** Abuse limits on paying: card testing through the test form, seat purchases, signup payments. */
export const BILLING_LIMITS = {
  signupPaymentPerIp: (ip: string | undefined): Limit => ({
    key: `signup-payment-ip:${clientKey(ip)}`,
    max: 'signupPerHour',
    windowSeconds: 3600,
  }),
  cardAttemptsPerIp: (ip: string | undefined): Limit => ({ key: `card-ip:${clientKey(ip)}`, max: 60, windowSeconds: 600 }),
  purchasePerUser: (userId: string): Limit => ({ key: `purchase:${userId}`, max: 30, windowSeconds: 3600 }),
};
