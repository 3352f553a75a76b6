import QRCode from 'qrcode';
import type { QrErrorCorrection } from '@qrd/contracts';
import { runsAround } from './finder-runs';

/**
 * Choosing the mask pattern so that no scanner mistakes part of the data for a finder "eye".
 *
 * The standard's penalty (and the qrcode package's) only counts the exact 1:1:3:1:1 run with four
 * light modules beside it. Scanners are far more lenient: ZXing (and jsQR, which follows it)
 * accepts dark-light-dark-light-dark runs whose lengths are within half a module of 1:1:3:1:1
 * at their own module size, so 1:1:2:1:1 ... 1:1:7:1:1 all pass, in a row and then in the column
 * through its centre. When such a cross sits in the data, ZXing may pick it as one of the three
 * eyes, estimate a wrong size and fail ("12 of 20 read with jsQR but not ZXing").
 *
 * The qrcode package's pick is kept when it has no near false eye (so codes that were fine keep
 * their exact look); otherwise the mask with the fewest near false eyes, then the fewest far ones
 * (see `falseFinders`), then the lowest standard penalty, wins.
 */

type Modules = QRCode.QRCode['modules'];

const FINDER = 7;
/** ZXing's tolerance: each run within half a module of its share (the centre within 1.5 modules). */
function finderRatio(runs: readonly number[]): boolean {
  const total = runs.reduce((a, b) => a + b, 0);
  if (total === 0) return false;
  const module = total / 7;
  const variance = module / 2;
  return (
    Math.abs(module - runs[0]) < variance &&
    Math.abs(module - runs[1]) < variance &&
    Math.abs(3 * module - runs[2]) < 3 * variance &&
    Math.abs(module - runs[3]) < variance &&
    Math.abs(module - runs[4]) < variance
  );
}


/**
 * False eyes: modules outside the three real eyes where a row and its column both look like an eye.
 * `near` counts those at about the eyes' module size (within 1.5x), which ZXing readily takes for
 * an eye; `far` those larger still. ZXing keeps the three candidates it saw on the most rows, among
 * those whose module size is within about 20% of the candidates' average (a large false eye raises
 * that average itself): a 10-by-11-module cross in `https://qrd.example/r/0AoKYOy`, seen on four rows
 * against the real top-right eye's two, took that eye's place. So when the mask has to change, the
 * new one is judged on near ones first, then far ones.
 */
export function falseFinders(modules: Modules, isLight: (row: number, col: number) => boolean = () => false): { near: number; far: number } {
  const n = modules.size;
  const dark = (row: number, col: number): boolean => modules.get(row, col) === 1 && !isLight(row, col);
  const inFinder = (row: number, col: number): boolean =>
    (row < FINDER && col < FINDER) || (row < FINDER && col >= n - FINDER) || (row >= n - FINDER && col < FINDER);
  let near = 0;
  let far = 0;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (inFinder(row, col) || !dark(row, col)) continue;
      const across = runsAround((c) => dark(row, c), n, col);
      if (!across || !finderRatio(across)) continue;
      const down = runsAround((r) => dark(r, col), n, row);
      if (!down || !finderRatio(down)) continue;
      const h = across.reduce((a, b) => a + b, 0);
      const v = down.reduce((a, b) => a + b, 0);
      // ZXing drops a cross whose two sizes differ by 40% or more.
      if (5 * Math.abs(v - h) >= 2 * h) continue;
      if (h > FINDER * 1.5 || v > FINDER * 1.5) far++;
      else near++;
    }
  }
  return { near, far };
}

/** Fewer near false eyes first, then fewer far ones. */
function compareFalseFinders(a: { near: number; far: number }, b: { near: number; far: number }): number {
  return a.near - b.near || a.far - b.far;
}

/** ISO/IEC 18004's eight mask conditions (row i, column j): where true, a data module is flipped. */
const MASKS: ReadonlyArray<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/**
 * The matrix with another mask, derived from one already masked: data modules flipped by exactly
 * one of the two masks change. Function patterns stay; only the 30 format bits would differ, and the
 * chosen mask is encoded for real afterwards (encoding is the slow part: ~20 ms each).
 */
function remasked(modules: Modules, from: number, to: number): Modules {
  const n = modules.size;
  const data = new Uint8Array(modules.data);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (modules.isReserved(i, j)) continue;
      if (MASKS[from](i, j) !== MASKS[to](i, j)) data[i * n + j] ^= 1;
    }
  }
  return { ...modules, size: n, data, get: (row: number, col: number) => data[row * n + col] } as Modules;
}

/**
 * The code for `text` with the mask that leaves no false eye (see above). `isLight` tells which
 * modules are covered by something light (the logo's pad): they are not drawn as dark.
 */
export function createWithSafeMask(
  text: string,
  errorCorrection: QrErrorCorrection,
  isLight?: (size: number) => (row: number, col: number) => boolean,
): QRCode.QRCode {
  const preferred = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
  const covered = isLight?.(preferred.modules.size);
  const preferredFalse = falseFinders(preferred.modules, covered);
  // Kept when no near false eye: codes that were fine keep their exact look.
  if (preferredFalse.near === 0 || preferred.maskPattern === undefined) return preferred;
  const from = preferred.maskPattern;
  const candidates = MASKS.map((_, mask) => mask)
    .filter((mask) => mask !== from)
    .map((mask) => {
      const modules = remasked(preferred.modules, from, mask);
      return { mask, penalty: standardPenalty(modules), found: falseFinders(modules, covered) };
    })
    .filter((c) => c.found.near < preferredFalse.near)
    .sort((a, b) => compareFalseFinders(a.found, b.found) || a.penalty - b.penalty);
  let best = { qr: preferred, found: preferredFalse };
  for (const { mask } of candidates) {
    const qr = QRCode.create(text, { errorCorrectionLevel: errorCorrection, maskPattern: mask as QRCodeMaskPattern, version: preferred.version });
    // Judged again on the real encoding, its format bits included.
    const found = falseFinders(qr.modules, covered);
    if (found.near === 0 && found.far === 0) return qr;
    if (compareFalseFinders(found, best.found) < 0) best = { qr, found };
  }
  return best.qr;
}

type QRCodeMaskPattern = NonNullable<QRCode.QRCodeOptions['maskPattern']>;

/** ISO/IEC 18004 penalty rules N1 (runs), N2 (2x2 blocks), N3 (finder-like) and N4 (balance). */
export function standardPenalty(modules: Modules): number {
  const n = modules.size;
  const get = (r: number, c: number): number => modules.get(r, c);
  let score = 0;
  for (let i = 0; i < n; i++) {
    for (const line of [(k: number) => get(i, k), (k: number) => get(k, i)]) {
      let run = 1;
      for (let k = 1; k <= n; k++) {
        if (k < n && line(k) === line(k - 1)) {
          run++;
          continue;
        }
        if (run >= 5) score += 3 + (run - 5);
        run = 1;
      }
      let bits = 0;
      for (let k = 0; k < n; k++) {
        bits = ((bits << 1) & 0x7ff) | line(k);
        if (k >= 10 && (bits === 0x5d0 || bits === 0x05d)) score += 40;
      }
    }
  }
  let dark = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (get(r, c)) dark++;
      if (r + 1 < n && c + 1 < n) {
        const v = get(r, c);
        if (v === get(r + 1, c) && v === get(r, c + 1) && v === get(r + 1, c + 1)) score += 3;
      }
    }
  }
  score += 10 * Math.floor(Math.abs((dark * 100) / (n * n) - 50) / 5);
  return score;
}
