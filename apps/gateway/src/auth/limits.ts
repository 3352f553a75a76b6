import type { Limit } from '../sessions/rate-limiter';

/** Abuse limits on the public entry points. */
export const LIMITS = {
  loginPerIp: (ip: string | undefined): Limit => ({ key: `login-ip:${ip ?? 'unknown'}`, max: 30, windowSeconds: 60 }),
  loginPerUsername: (username: string): Limit => ({ key: `login-user:${username}`, max: 10, windowSeconds: 600 }),
  signupPerIp: (ip: string | undefined): Limit => ({ key: `signup-ip:${ip ?? 'unknown'}`, max: 20, windowSeconds: 3600 }),
  resetPerIp: (ip: string | undefined): Limit => ({ key: `reset-ip:${ip ?? 'unknown'}`, max: 10, windowSeconds: 3600 }),
  resetPerEmail: (email: string): Limit => ({ key: `reset-email:${email}`, max: 5, windowSeconds: 3600 }),
  contactPerIp: (ip: string | undefined): Limit => ({ key: `contact-ip:${ip ?? 'unknown'}`, max: 5, windowSeconds: 3600 }),
};
