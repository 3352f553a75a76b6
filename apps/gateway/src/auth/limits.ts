import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Limit } from '../sessions/rate-limiter';

/**
 * The client part of a limit key. IPv4-mapped addresses are the IPv4 address; an IPv6 client
 * usually owns a whole /64, so that is what is counted.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head] = ip.split('::');
  const groups = ip.includes('::') ? head.split(':').filter(Boolean) : ip.split(':');
  return `${[...groups, '0', '0', '0', '0'].slice(0, 4).join(':')}::/64`;
}

/** Abuse limits on the public entry points; the ones named by a setting are configurable. */
export const LIMITS = {
  loginPerIp: (ip: string | undefined): Limit => ({ key: `login-ip:${clientKey(ip)}`, max: 'loginPerIpPerMinute', windowSeconds: 60 }),
  /**
   * The 11th attempt within ten minutes on one username from one client address is refused. Per
   * address, so someone hammering a username cannot lock its owner out: from elsewhere, the owner
   * only meets the growing delay of loginFailures.
   */
  loginPerUsernameAndIp: (username: string, ip: string | undefined): Limit => ({
    key: `login-user-ip:${username}:${clientKey(ip)}`,
    max: 10,
    windowSeconds: 600,
  }),
  /** Counts wrong passwords only, to grow the delay (loginDelayMs); it never refuses by itself. */
  loginFailures: (username: string): Limit => ({
    key: `login-fail:${username}`,
    max: Number.MAX_SAFE_INTEGER,
    windowSeconds: 900,
  }),
  signupPerIp: (ip: string | undefined): Limit => ({ key: `signup-ip:${clientKey(ip)}`, max: 'signupPerHour', windowSeconds: 3600 }),
  resetPerIp: (ip: string | undefined): Limit => ({ key: `reset-ip:${clientKey(ip)}`, max: 'resetPerHour', windowSeconds: 3600 }),
  resetPerEmail: (email: string): Limit => ({ key: `reset-email:${email}`, max: 5, windowSeconds: 3600 }),
  contactPerIp: (ip: string | undefined): Limit => ({ key: `contact-ip:${clientKey(ip)}`, max: 'contactPerHour', windowSeconds: 3600 }),
  /**
   * "Is this username or email taken?" (the signup check, the profile's email conflict): a person
   * still learns that a name is taken, a script cannot ask at scale. Per client address, and per
   * session so one signed-in account cannot spread its questions over many addresses.
   */
  availabilityPerIp: (ip: string | undefined): Limit => ({
    key: `availability-ip:${clientKey(ip)}`,
    max: 'availabilityPerMinute',
    windowSeconds: 60,
  }),
  availabilityPerSession: (sessionId: string): Limit => ({
    // Keys never hold a session id itself (like the session store's keys).
    key: `availability-session:${createHash('sha256').update(sessionId).digest('base64url')}`,
    max: 'availabilityPerMinute',
    windowSeconds: 60,
  }),
  /**
   * The code step of a sign-in, like the password step: a hard limit per (account, client
   * address), and across addresses only the growing delay of twoFactorFailures.
   */
  twoFactorPerUserAndIp: (userId: string, ip: string | undefined): Limit => ({
    key: `login-2fa-user-ip:${userId}:${clientKey(ip)}`,
    max: 10,
    windowSeconds: 600,
  }),
  twoFactorFailures: (userId: string): Limit => ({ key: `login-2fa-fail:${userId}`, max: Number.MAX_SAFE_INTEGER, windowSeconds: 900 }),
  /** Guessing the current password (profile, two-factor set-up and switch-off) with a stolen session. */
  reauthPerUser: (userId: string): Limit => ({ key: `reauth:${userId}`, max: 10, windowSeconds: 900 }),
  /** Guessing the current password with a stolen session. */
  changePasswordPerUser: (userId: string): Limit => ({ key: `change-password:${userId}`, max: 10, windowSeconds: 900 }),
};

/** The availability limits of one request: its address, and its session when it has one. */
export function availabilityLimits(ip: string | undefined, sessionId: string | undefined): Limit[] {
  return [LIMITS.availabilityPerIp(ip), ...(sessionId ? [LIMITS.availabilityPerSession(sessionId)] : [])];
}

/** Delay before checking a password after `failures` recent wrong ones: none for 3, then 0.2 s doubling to 3 s. */
export function loginDelayMs(failures: number): number {
  return failures < 3 ? 0 : Math.min(200 * 2 ** (failures - 3), 3000);
}
