import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const SUFFIX = 'QR Dynamic';

/**
 * The description index.html ships with, used by every screen that does not set its own. It names no
 * price: prices are the server's configuration and reach the page only through GET /api/config.
 */
export const SITE_DESCRIPTION =
  'The Cheapest Dynamic QR Codes Online. Change where a printed code points and watch real scan analytics, paying per code.';

/** The title index.html ships with, and the landing page's. */
export const SITE_TITLE = 'QR Dynamic | The Cheapest Dynamic QR Codes Online';

/** The same two in the language the app is shown in (the English is index.html's). */
const messages = defineMessages({
  title: { id: 'site.document.title', defaultMessage: 'QR Dynamic | The Cheapest Dynamic QR Codes Online' },
  description: {
    id: 'site.document.description',
    defaultMessage: 'The Cheapest Dynamic QR Codes Online. Change where a printed code points and watch real scan analytics, paying per code.',
  },
});

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
  const intl = useIntl();
  useEffect(() => {
    document.title = title ? `${title} | ${SUFFIX}` : intl.formatMessage(messages.title);
    setDescription(description ?? intl.formatMessage(messages.description));
  }, [title, description, intl]);
}
