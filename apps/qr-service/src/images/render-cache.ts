/**
 * Rendered images by render key. A code's image depends only on its slug and design, so an entry
 * stays right until the design changes (which changes the key). Bounded by total bytes; the least
 * recently used entries go first.
 */
export class RenderCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Re-inserting moves the key to the end of the Map's order: most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, buffer] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= buffer.length;
    }
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
