interface Remembered {
  expiresAt: number;
}

/**
 * Slugs known not to exist, least recently used dropped first: a scanner (or a bot) repeating a
 * bad slug is answered in-process. Kept apart from the entries of real codes, so a flood of
 * made-up slugs cannot push those out.
 */
export class UnknownSlugs {
  private readonly slugs = new Map<string, Remembered>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  has(slug: string): boolean {
    const remembered = this.slugs.get(slug);
    if (remembered === undefined) return false;
    if (remembered.expiresAt <= this.now()) {
      this.slugs.delete(slug);
      return false;
    }
    // Most recently used last: Map keeps insertion order.
    this.slugs.delete(slug);
    this.slugs.set(slug, remembered);
    return true;
  }

  add(slug: string, ttlMs: number): void {
    this.slugs.delete(slug);
    if (this.slugs.size >= this.maxEntries) this.slugs.delete(this.slugs.keys().next().value as string);
    this.slugs.set(slug, { expiresAt: this.now() + ttlMs });
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
