import { LRUCache } from 'lru-cache';

/**
 * Slugs known not to exist, least recently used dropped first: a scanner (or a bot) repeating a
 * bad slug is answered in-process. Kept apart from the entries of real codes, so a flood of
 * made-up slugs cannot push those out. (A Map evicting its first key slowed down as a flood
 * filled it: every eviction walked past the holes the earlier ones left, about 30 µs per new slug
 * at 100,000.)
 */
export class UnknownSlugs {
  private readonly slugs: LRUCache<string, true>;

  constructor(maxEntries: number, now: () => number = Date.now) {
    // Every look-up reads the clock (no cached time): expiries are exact to the millisecond.
    this.slugs = new LRUCache<string, true>({ max: maxEntries, perf: { now }, ttlResolution: 0 });
  }

  has(slug: string): boolean {
    // `get` marks it most recently used, and drops it once expired.
    return this.slugs.get(slug) === true;
  }

  add(slug: string, ttlMs: number): void {
    this.slugs.set(slug, true, { ttl: ttlMs });
  }

  /** A code now has this slug. */
  forget(slug: string): void {
    this.slugs.delete(slug);
  }

  clear(): void {
    this.slugs.clear();
  }

  get size(): number {
    return this.slugs.size;
  }
}
