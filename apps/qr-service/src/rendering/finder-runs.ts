// What a finder pattern (a QR code's corner square) looks like to a scanner along one line.

/**
 * The five runs (dark, light, DARK, light, dark) around `at` along one line, or null when the
 * line there is not dark-light-dark-light-dark. Outside the line is light (a symbol's quiet zone, a logo's pad).
 */
export function runsAround(get: (i: number) => boolean, size: number, at: number): number[] | null {
  const value = (i: number): boolean => i >= 0 && i < size && get(i);
  if (!value(at)) return null;
  let start = at;
  while (value(start - 1)) start--;
  let end = at;
  while (value(end + 1)) end++;
  const walk = (from: number, step: 1 | -1): [number, number] | null => {
    // A light run then a dark run, each at least one module, the dark one ending in light.
    let i = from;
    let light = 0;
    while (i >= 0 && i < size && !value(i)) {
      light++;
      i += step;
    }
    if (light === 0 || i < 0 || i >= size) return null;
    let dark = 0;
    while (value(i)) {
      dark++;
      i += step;
    }
    return [light, dark];
  };
  const before = walk(start - 1, -1);
  const after = walk(end + 1, 1);
  if (!before || !after) return null;
  return [before[1], before[0], end - start + 1, after[0], after[1]];
}
