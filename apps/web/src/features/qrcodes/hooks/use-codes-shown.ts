import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { codeKeys } from '../api/keys';

/**
 * True once a page of the dashboard's list has been answered (or failed), and from then on: what
 * the first cards do not need (filters' options, the onboarding checklist) is asked for after them.
 */
export function useCodesShown(): boolean {
  const queryClient = useQueryClient();
  // Reads the cache when called (the subscription below calls it on every change).
  const answered = () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: codeKeys.allPages() })
      .some((query) => query.state.data !== undefined || query.state.status === 'error');
  const [shown, setShown] = useState(answered);
  useEffect(() => {
    if (shown) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints the cards: their requests never hold the first card back.
    const afterPaint = () => {
      frame = requestAnimationFrame(() => (timer = setTimeout(() => setShown(true))));
    };
    if (answered()) {
      afterPaint();
    } else {
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (!answered() || frame) return;
        unsubscribe();
        afterPaint();
      });
      return () => {
        unsubscribe();
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [queryClient, shown]);
  return shown;
}
