import { KeptBatches } from './kept-batches';

const batch = (n: number, size = 100) => `${n}:`.padEnd(size, String.fromCharCode(97 + (n % 26)));

describe(KeptBatches.name, () => {
  it('keeps each batch byte for byte, non-ASCII text too, until it is let go', () => {
    const store = new KeptBatches(4096);
    const texts = ['["2","a",{"x":"café"}]', '["2","b","日本語"]\n["2","c",""]', batch(3)];
    const kept = texts.map((text) => store.keep(text));
    expect(kept.map((k) => k.bytes.toString())).toEqual(texts);
    store.release(kept[0]);
    store.keep(batch(4, 500));
    expect(kept.slice(1).map((k) => k.bytes.toString())).toEqual(texts.slice(1));
  });

  it('writes over a chunk only once every batch in it is let go, and reuses it instead of allocating another', () => {
    const store = new KeptBatches(1000);
    // Batches stored in the order they were appended, a few waiting at any time: the ingestors keep up.
    const waiting = [];
    for (let n = 0; n < 500; n++) {
      waiting.push({ n, kept: store.keep(batch(n, 120)) });
      if (waiting.length > 5) {
        const stored = waiting.shift() as (typeof waiting)[number];
        expect(stored.kept.bytes.toString()).toBe(batch(stored.n, 120));
        store.release(stored.kept);
      }
    }
    for (const { n, kept } of waiting) expect(kept.bytes.toString()).toBe(batch(n, 120));
    // 6 batches of 120 bytes waiting at most, 8 to a chunk: two chunks in turn, whatever the number of batches.
    expect(store.allocated).toBeLessThanOrEqual(3);
  });

  it('grows while the ingestors are behind, and keeps only a few empty chunks once they catch up', () => {
    const store = new KeptBatches(1000);
    const kept = Array.from({ length: 200 }, (_, n) => store.keep(batch(n, 240)));
    expect(store.allocated).toBe(50);
    for (const k of kept) store.release(k);
    const again = Array.from({ length: 200 }, (_, n) => store.keep(batch(n, 240)));
    expect(again.map((k) => k.bytes.toString())).toEqual(Array.from({ length: 200 }, (_, n) => batch(n, 240)));
    // The current chunk and 8 spares were reused; the rest were left to the collector and allocated again.
    expect(store.allocated).toBe(50 + 41);
  });

  it('gives a batch larger than a quarter of a chunk a Buffer of its own', () => {
    const store = new KeptBatches(1000);
    const large = store.keep(batch(1, 400));
    expect(large.chunk).toBeNull();
    expect(large.bytes.toString()).toBe(batch(1, 400));
    store.release(large);
    expect(store.allocated).toBe(0);
  });
});
