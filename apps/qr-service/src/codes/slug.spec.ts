import { SLUG_PATTERN } from '@qrd/contracts';
import { newSlug } from './slug';

describe(newSlug.name, () => {
  it('makes 7 base62 characters that differ each time', () => {
    const slugs = Array.from({ length: 2000 }, () => newSlug());

    expect(slugs.every((slug) => SLUG_PATTERN.test(slug))).toBe(true);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('uses the whole alphabet about evenly', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) for (const c of newSlug()) counts.set(c, (counts.get(c) ?? 0) + 1);

    expect(counts.size).toBe(62);
    // 70,000 characters over 62 symbols: about 1129 each; a biased generator drifts far outside this.
    expect(Math.min(...counts.values())).toBeGreaterThan(950);
    expect(Math.max(...counts.values())).toBeLessThan(1320);
  });
});
