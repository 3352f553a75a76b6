import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { REDIS } from '@qrd/messaging';
import { clientKey } from '../auth/limits';
import { RateLimiter, type Limit } from '../sessions/rate-limiter';

/** Anyone may count a visit: one address counts each page at most this often (a person never gets near). */
export function pageVisitLimit(ip: string | undefined, page: string): Limit {
  return { key: `page-visit:${clientKey(ip)}:${page}`, max: 'pageVisitsPerMinute', windowSeconds: 60 };
}

/** The pages of the web app; anything else counts as the not-found page. */
const KNOWN_PAGES = [
  '/',
  '/auth',
  '/reset-password-request',
  '/reset-password/:token',
  '/dashboard',
  '/create-qr',
  '/edit-qr/:id',
  '/subscribe',
  '/account',
  '/admin',
  '/onboarding',
  '/qr/:id',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/report',
];

/** Counts page views per page (ids folded, so every /edit-qr/{id} is one page) in one Redis hash. */
@Injectable()
export class PageVisitsService {
  private readonly key: string;

  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {
    this.key = `${config.redisPrefix}:page-visits`;
  }

  async record(path: string, ip: string | undefined): Promise<void> {
    const page = normalisePage(path);
    await this.limiter.hit(pageVisitLimit(ip, page));
    await this.redis.hincrby(this.key, page, 1);
  }

  async counts(): Promise<Record<string, number>> {
    const raw = await this.redis.hgetall(this.key);
    return Object.fromEntries(Object.entries(raw).map(([page, count]) => [page, Number(count)]));
  }
}

export function normalisePage(path: string): string {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  const segments = clean.split('/');
  for (const page of KNOWN_PAGES) {
    const pattern = page.split('/');
    if (pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i])) {
      return page;
    }
  }
  return '(not found)';
}
