import { useEffect } from 'react';

const SUFFIX = 'QR Dynamic';

/** Sets the document title for the current screen, e.g. "Account | QR Dynamic". */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SUFFIX}` : `${SUFFIX} | The Cheapest Dynamic QR Codes Online`;
  }, [title]);
}
