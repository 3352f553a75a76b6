import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const HASH_WAIT_MS = 3000;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * Scroll position on navigation: a hash (/#pricing) scrolls smoothly to its section, waiting for a
 * lazily loaded page to render it; a new page starts at the top; a repeated link to the page you
 * are on (the brand link on /) scrolls smoothly back to the top. Tab changes (?tab=) keep position.
 */
export function useScrollManager() {
  const location = useLocation();
  const previous = useRef(location);

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    const samePage = before.pathname === location.pathname;

    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      const started = Date.now();
      let frame = 0;
      const tryScroll = () => {
        const element = document.getElementById(id);
        if (element) element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
        else if (Date.now() - started < HASH_WAIT_MS) frame = requestAnimationFrame(tryScroll);
      };
      tryScroll();
      return () => cancelAnimationFrame(frame);
    }

    if (!samePage) window.scrollTo({ top: 0, behavior: 'instant' });
    else if (before.search === location.search && before.key !== location.key)
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
    return undefined;
  }, [location]);
}
