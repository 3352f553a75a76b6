import { newScanId } from './scan-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The Unix milliseconds of a UUIDv7. */
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('newScanId', () => {
  it('makes UUIDv7 ids carrying the time they were made', () => {
    const before = Date.now();
    const id = newScanId();
    expect(id).toMatch(UUID_V7);
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(Date.now());
    const later = Date.now() + 1000;
    expect(msOf(newScanId(later))).toBe(later);
  });

  it('never repeats and never goes backwards, within a millisecond, past 4,096 of them, or when the clock steps back', () => {
    const now = Date.now() + 60_000;
    const ids = [...Array.from({ length: 10_000 }, () => newScanId(now)), newScanId(now - 5_000), ...Array.from({ length: 100_000 }, () => newScanId())];
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, i) => i === 0 || ids[i - 1] < id)).toBe(true);
    // A burst borrows milliseconds ahead; the clock's own ones take over once it catches up.
    expect(msOf(ids[9_999]) - now).toBeLessThanOrEqual(Math.ceil(10_000 / 2048));
  });

  it('draws new random bits for every id', () => {
    const tails = new Set(Array.from({ length: 1000 }, () => newScanId(1_700_000_000_000).slice(19)));
    expect(tails.size).toBe(1000);
  });
});
