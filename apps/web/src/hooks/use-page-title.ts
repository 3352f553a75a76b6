import { useEffect } from 'react';

const SUFFIX = 'QR Dynamic';

/** The description index.html ships with, used by every screen that does not set its own. */
const DEFAULT_DESCRIPTION =
  'The Cheapest Dynamic QR Codes Online. Change where a printed code points and watch real scan analytics, for $3.49 per code per month.';

function setDescription(content: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets the document title for the current screen, e.g. "Account | QR Dynamic", and its meta
 * description (the site's default unless the screen gives one).
 */
export function usePageTitle(title?: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SUFFIX}` : `${SUFFIX} | The Cheapest Dynamic QR Codes Online`;
    setDescription(description ?? DEFAULT_DESCRIPTION);
  }, [title, description]);
}
