import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs`: a search box or a live preview asks the
 * server once per pause, not once per keystroke.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timeout = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timeout);
  }, [value, delayMs]);
  return settled;
}
