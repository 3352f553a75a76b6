import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the returned element comes within `margin` of the screen (infinite
 * scroll). Observed afresh whenever `enabled` or `generation` changes, so an element still on
 * screen after a page has loaded asks for the next one. Without IntersectionObserver nothing
 * happens: the "Load more" button next to it still works.
 */
export function useWhenVisible<T extends Element>(onVisible: () => void, enabled: boolean, generation: number, margin = '600px') {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;

  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && callback.current(), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, generation, margin]);

  return ref;
}
