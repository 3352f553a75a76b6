import { MISS, RedirectCache } from './redirect-cache';

const entry = { codeId: 'c1', destination: 'https://example.com/', state: 'active' as const, version: 1 };

describe(RedirectCache.name, () => {
  let clock = 0;
  const sut = () => new RedirectCache(10, () => clock);

  beforeEach(() => {
    clock = 1000;
  });

  it('answers fresh entries and unknown slugs (null) until they expire', () => {
    const cache = sut();
    cache.set('aaaaaaa', entry, 100);
    cache.set('bbbbbbb', null, 50);

    expect(cache.fresh('aaaaaaa')).toEqual(entry);
    expect(cache.fresh('bbbbbbb')).toBeNull();
    clock += 60;
    expect(cache.fresh('bbbbbbb')).toBe(MISS);
    expect(cache.fresh('ccccccc')).toBe(MISS);
  });

  it('keeps expired and invalidated entries as a fallback', () => {
    const cache = sut();
    cache.set('aaaaaaa', entry, 100);
    cache.set('bbbbbbb', entry, 100);
    cache.expireAll();
    cache.set('ccccccc', entry, 100);
    cache.expire('ccccccc');

    for (const slug of ['aaaaaaa', 'ccccccc']) {
      expect(cache.fresh(slug)).toBe(MISS);
      expect(cache.stale(slug)).toEqual(entry);
    }
  });

  it('stays within its size, dropping the oldest entries', () => {
    const cache = sut();
    for (let i = 0; i < 25; i++) cache.set(`slug${String(i).padStart(3, '0')}`, entry, 1000);

    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.fresh('slug024')).toEqual(entry);
    expect(cache.fresh('slug000')).toBe(MISS);
  });
});
