import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { recordPageVisit } from '../api/record-page-visit';

/**
 * Reports one view each time the visitor arrives on a page (a new pathname). Changing a tab
 * (?tab=) or jumping to a section (#pricing) of the same page is not a new view; the ref keeps
 * React's development double effects from counting twice.
 */
export function usePageVisits() {
  const { pathname } = useLocation();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === pathname) return;
    reported.current = pathname;
    recordPageVisit(pathname);
  }, [pathname]);
}
