import { useEffect, useState } from 'react';

/** True only once `active` has stayed true for `delayMs`, so quick loads never flash a spinner. */
export function useDebouncedFlag(active: boolean, delayMs: number): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!active) {
      setVisible(false);
      return;
    }
    const timeout = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timeout);
  }, [active, delayMs]);
  return active && visible;
}
