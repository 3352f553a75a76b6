/**
 * PostgreSQL array literals built directly: the driver's generic conversion escapes every element
 * with regular expressions, which was a large share of the ingestor's CPU on batches of thousands.
 * `join` builds each literal in one allocation (concatenating thousands of pieces leaves garbage).
 */

/** Elements that never need quoting: uuids, ISO timestamps, dates, numbers (times travel as epoch milliseconds: cheaper to write and to read than ISO text). */
export function plainArray(values: readonly (string | number | null)[]): string {
  let nulls = false;
  for (let i = 0; i < values.length && !nulls; i++) nulls = values[i] === null;
  if (!nulls) return `{${values.join(',')}}`;
  return `{${values.map((value) => (value === null ? 'NULL' : value)).join(',')}}`;
}

/** Any text: every element quoted, backslashes and double quotes escaped. */
export function textArray(values: readonly (string | null)[]): string {
  let plain = true;
  for (let i = 0; i < values.length && plain; i++) {
    const value = values[i];
    plain = value !== null && value.indexOf('"') < 0 && value.indexOf('\\') < 0;
  }
  if (values.length === 0) return '{}';
  if (plain) return `{"${values.join('","')}"}`;
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

export function boolArray(values: readonly boolean[]): string {
  return `{${values.map((value) => (value ? 't' : 'f')).join(',')}}`;
}
