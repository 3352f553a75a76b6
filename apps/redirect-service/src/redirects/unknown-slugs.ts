/**
 * Slugs known not to exist, least recently used dropped first: a scanner (or a bot) repeating a
 * bad slug is answered in-process. Kept apart from the entries of real codes, so a flood of
 * made-up slugs cannot push those out.
 */
export class UnknownSlugs {
  /** Slug -> when it is forgotten. */
  private readonly slugs = new Map<string, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  has(slug: string): boolean {
    const expiresAt = this.slugs.get(slug);
    if (expiresAt === undefined) return false;
    this.slugs.delete(slug);
    if (expiresAt <= this.now()) return false;
    // Most recently used last: Map keeps insertion order.
    this.slugs.set(slug, expiresAt);
    return true;
  }

  add(slug: string, ttlMs: number): void {
    this.slugs.delete(slug);
    if (this.slugs.size >= this.maxEntries) this.slugs.delete(this.slugs.keys().next().value as string);
    this.slugs.set(slug, this.now() + ttlMs);
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
