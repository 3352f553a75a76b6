import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs`: a search box or a live preview asks the
 * server once per pause, not once per keystroke. `initial` is answered until the first pause
 * (`useDebouncedValue(true, 200, { initial: false })` turns true only after 200 ms, so a quick
 * load never flashes a spinner).
 */
export function useDebouncedValue<T>(value: T, delayMs: number, { initial = value }: { initial?: T } = {}): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timeout = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timeout);
  }, [value, delayMs]);
  return settled;
}
