import type { RedirectEntry } from '@qrd/contracts';

/** What the cache knows of a slug: a code, or that no such code exists (null). */
export type Known = RedirectEntry | null;

interface Slot {
  value: Known;
  expiresAt: number;
}

export const MISS = Symbol('miss');

/**
 * The in-process copy of the redirect table. Entries expire (a safety net: changes normally
 * arrive over pub/sub at once), but expired ones are kept so that while Redis is away the service
 * keeps redirecting the codes it has seen. Bounded: the oldest entries go first.
 */
export class RedirectCache {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value while it is fresh, else MISS. */
  fresh(slug: string): Known | typeof MISS {
    const slot = this.slots.get(slug);
    return slot && slot.expiresAt > this.now() ? slot.value : MISS;
  }

  /** The value even if expired (for when nothing better can be had), else MISS. */
  stale(slug: string): Known | typeof MISS {
    const slot = this.slots.get(slug);
    return slot ? slot.value : MISS;
  }

  set(slug: string, value: Known, ttlMs: number): void {
    if (!this.slots.has(slug) && this.slots.size >= this.maxEntries) this.evict();
    this.slots.set(slug, { value, expiresAt: this.now() + ttlMs });
  }

  /** Changed elsewhere: look it up again next time, but keep it as a fallback. */
  expire(slug: string): void {
    const slot = this.slots.get(slug);
    if (slot) slot.expiresAt = 0;
  }

  /** After missed invalidations (a pub/sub reconnect): re-check everything, but keep it as a fallback. */
  expireAll(): void {
    for (const slot of this.slots.values()) slot.expiresAt = 0;
  }

  get size(): number {
    return this.slots.size;
  }

  private evict(): void {
    let toDrop = Math.max(1, Math.floor(this.maxEntries / 10));
    for (const slug of this.slots.keys()) {
      if (toDrop-- <= 0) break;
      this.slots.delete(slug);
    }
  }
}
