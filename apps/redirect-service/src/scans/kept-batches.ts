/**
 * The bytes of appended batches of scans, kept until the ingestors have stored them, copied into a
 * few large chunks that are used again once every batch in them has been let go.
 *
 * A Buffer for each batch (as before) was memory outside the JavaScript heap that only a full
 * collection gives back: at tens of thousands of scans a second that memory grew by 14 MB a
 * second, and V8 ran a full mark-compact about every 0.65 s to keep up with it, on a heap whose
 * size did not change (BENCHMARKS.md, "CPU per redirect"). Chunks that are reused allocate nothing
 * while the ingestors keep up, and only a few more while they are behind.
 */

/** Bytes of a chunk: about 2,800 scans of 370 bytes. */
const CHUNK_BYTES = 1 << 20;
/** Empty chunks kept for reuse; more than that are left to the collector (the ingestors caught up after a long stop). */
const SPARE_CHUNKS = 8;

interface Chunk {
  bytes: Buffer;
  /** Bytes written from the start. */
  used: number;
  /** Batches in it not let go yet. */
  live: number;
}

/** One kept batch: its bytes, and the chunk they are in (null for a Buffer of its own). */
export interface KeptBytes {
  bytes: Buffer;
  chunk: Chunk | null;
}

export class KeptBatches {
  private current: Chunk | null = null;
  private readonly spare: Buffer[] = [];
  /** Chunks allocated so far. */
  allocated = 0;

  constructor(private readonly chunkBytes = CHUNK_BYTES) {}

  /** Copies `text` (UTF-8) into a chunk; the copy stays until `release`. */
  keep(text: string): KeptBytes {
    const length = Buffer.byteLength(text);
    // A batch larger than a quarter of a chunk (one of 1,000 long scans) gets a Buffer of its own.
    if (length > this.chunkBytes / 4) return { bytes: Buffer.from(text), chunk: null };
    let chunk = this.current;
    if (chunk === null || chunk.used + length > chunk.bytes.length) {
      chunk = { bytes: this.spare.pop() ?? this.allocate(), used: 0, live: 0 };
      this.current = chunk;
    }
    const start = chunk.used;
    chunk.used += chunk.bytes.write(text, start);
    chunk.live++;
    return { bytes: chunk.bytes.subarray(start, chunk.used), chunk };
  }

  /** The batch is stored (or given up): its bytes may be written over. */
  release(kept: KeptBytes): void {
    const chunk = kept.chunk;
    if (chunk === null) return;
    chunk.live--;
    if (chunk.live > 0) return;
    if (chunk === this.current) chunk.used = 0;
    else if (this.spare.length < SPARE_CHUNKS) this.spare.push(chunk.bytes);
  }

  private allocate(): Buffer {
    this.allocated++;
    // Not from Node's small-buffer pool: a chunk lives long and is reused.
    return Buffer.allocUnsafeSlow(this.chunkBytes);
  }
}
