/**
 * The codes counting unique visitors per hour (qr.codes.unique_window), as the last batches found
 * them. Unlike its owner, a code's window can change: every batch reads it with the codes it locks
 * and a batch prepared with an outdated one is counted again (ScansRepository.storePrepared). While
 * no code of the batch counts per hour, nothing here costs more than a look at an empty set.
 */
export class HourlyCodes {
  private readonly codes = new Set<string>();

  /** The batch's codes remembered as counting per hour. */
  among(codeIds: Iterable<string>): Set<string> {
    const found = new Set<string>();
    if (this.codes.size === 0) return found;
    for (const code of codeIds) if (this.codes.has(code)) found.add(code);
    return found;
  }

  /** What a batch read: its codes, and which of them count per hour. */
  learn(codeIds: Iterable<string>, hourly: ReadonlySet<string>): void {
    for (const code of codeIds) {
      if (hourly.has(code)) this.codes.add(code);
      else this.codes.delete(code);
    }
  }

  clear(): void {
    this.codes.clear();
  }
}

/** Whether two sets hold the same codes. */
export function sameCodes(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const code of a) if (!b.has(code)) return false;
  return true;
}
