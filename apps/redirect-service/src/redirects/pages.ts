import type { IncomingMessage } from 'node:http';
import type { ScannerLocale } from '../i18n/catalogue';
import { ScannerLanguages, scannerTexts, ScannerText } from '../i18n/scanner-language';

/** The small pages a scanner may see instead of a redirect: body and headers built once. */
export interface Page {
  status: number;
  /** A string, not a Buffer: Node then sends the headers and the body in one write. */
  body: string;
  headers: Readonly<Record<string, string | number>>;
}

const NO_STORE = 'private, no-store';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}p{color:#475569;line-height:1.5}
a.home{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.5rem;background:#0f172a;color:#fff;text-decoration:none}
a.report{display:block;margin-top:1.25rem;color:#475569;font-size:.875rem}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#f8fafc}p,a.report{color:#cbd5e1}a.home{background:#f8fafc;color:#0f172a}}`;

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': NO_STORE,
  // In the scanner's language (Accept-Language), and says so.
  vary: 'Accept-Language',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
} as const;

/** The page's last element: a link home (the usual), a form or a link on. */
const HOME_LINK = '\u0000home\u0000';

function html(text: ScannerText, title: string, message: string, homeUrl: string, reportUrl: string | null, action: string = HOME_LINK): string {
  const report = reportUrl ? `<a class="report" href="${escapeHtml(reportUrl)}">${escapeHtml(text.t('report'))}</a>` : '';
  const last = action === HOME_LINK ? `<a class="home" href="${escapeHtml(homeUrl)}">${escapeHtml(text.t('home'))}</a>` : action;
  return `<!doctype html>
<html lang="${text.lang}" dir="${text.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} - ${escapeHtml(text.t('brand'))}</title>
<style>${STYLE}</style>
<link rel="icon" href="data:,">
</head><body><main><h1 elementtiming="main">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${last}${report}</main></body></html>
`;
}

function page(status: number, body: string): Page {
  return { status, body, headers: { ...HEADERS, 'content-length': Buffer.byteLength(body, 'utf8') } };
}

/**
 * A page with a "Report this QR code" link to the web app's /report form, naming the slug: built
 * once per slug shape around the slug (7 base62 characters, nothing to escape), so a flood of
 * unknown slugs costs a string concatenation each.
 */
export type ReportablePage = (slug: string | null) => Page;

function reportable(text: ScannerText, status: number, kind: 'notFound' | 'inactive' | 'disabled', homeUrl: string, reportUrl: string): ReportablePage {
  const marker = '\u0000slug\u0000';
  const [title, message] = [text.t(`${kind}.title`), text.t(`${kind}.message`)];
  const [head, tail] = html(text, title, message, homeUrl, `${reportUrl}?code=${marker}`).split(escapeHtml(marker));
  const bare = page(status, html(text, title, message, homeUrl, reportUrl));
  return (slug) => (slug === null ? bare : page(status, `${head}${slug}${tail}`));
}

/**
 * Password-protected codes: the small form a scanner fills in before the redirect. It posts back to
 * the same address (query string included, so pass-through still works); `notice` after a refusal.
 */
export function passwordPage(text: ScannerText, publicBaseUrl: string, status: number, notice: 'password.wrong' | 'password.limited' | null): Page {
  const form =
    `<form method="post"><label for="p" style="display:block;margin:1rem 0 .4rem">${escapeHtml(text.t('password.label'))}</label>` +
    `<input id="p" name="password" type="password" required autofocus autocomplete="off" maxlength="128" ` +
    `style="width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:.5rem;font-size:1rem">` +
    (notice ? `<p role="alert" style="color:#b91c1c">${escapeHtml(text.t(notice))}</p>` : '') +
    `<button type="submit" style="margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;font-size:1rem">${escapeHtml(text.t('password.submit'))}</button></form>`;
  const base = page(status, html(text, text.t('password.title'), text.t('password.message'), `${publicBaseUrl}/`, null, form));
  return {
    ...base,
    headers: {
      ...base.headers,
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    },
  };
}

/**
 * The answer to the right password: a page that sends the browser on by itself (meta refresh),
 * with a link as well. Not a 302: the form page's CSP `form-action 'self'` also covers the
 * redirects that follow its submission, so browsers refuse a redirect to another site (Chromium
 * does). A refresh is no form submission, so the form page keeps `form-action 'self'`, and this
 * page allows no form, script or frame at all.
 */
export function unlockedPage(text: ScannerText, publicBaseUrl: string, location: string): Page {
  const target = escapeHtml(location);
  const link = `<a class="home" href="${target}">${escapeHtml(text.t('unlocked.continue'))}</a>`;
  const body = html(text, text.t('unlocked.title'), text.t('unlocked.message'), `${publicBaseUrl}/`, null, link).replace(
    '<meta name="robots" content="noindex">',
    `<meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${target}">`,
  );
  const base = page(200, body);
  return {
    ...base,
    headers: {
      ...base.headers,
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  };
}

export interface Pages {
  notFound: ReportablePage;
  inactive: ReportablePage;
  /** Taken down by an admin for abuse: 451 Unavailable For Legal Reasons. */
  disabled: ReportablePage;
  unavailable: Page;
  /** Campaign controls: past its end date or its scan limit, without a fallback URL. */
  expired: Page;
  /** Campaign controls: before its start date, without a fallback URL (403: not yet open to anyone). */
  scheduled: Page;
  /** A path with a broken percent-encoding: 400, as nginx answers it. */
  badRequest: Page;
}

export function buildPages(publicBaseUrl: string, text: ScannerText): Pages {
  const home = `${publicBaseUrl}/`;
  const report = `${publicBaseUrl}/report`;
  const simple = (status: number, kind: 'unavailable' | 'expired' | 'scheduled' | 'badRequest') =>
    page(status, html(text, text.t(`${kind}.title`), text.t(`${kind}.message`), home, null));
  return {
    notFound: reportable(text, 404, 'notFound', home, report),
    inactive: reportable(text, 410, 'inactive', home, report),
    disabled: reportable(text, 451, 'disabled', home, report),
    unavailable: simple(503, 'unavailable'),
    expired: simple(410, 'expired'),
    scheduled: simple(403, 'scheduled'),
    badRequest: simple(400, 'badRequest'),
  };
}

/** One language's pages, built once. */
interface LocalePages {
  pages: Pages;
  passwordForm: Page;
  text: ScannerText;
}

/**
 * Every page a scanner may see, in every language the pages speak, built at start: answering one
 * costs the choice of language (a Map lookup per distinct Accept-Language header).
 */
export class ScannerPages {
  private readonly languages = new ScannerLanguages();
  private readonly byLocale: Record<ScannerLocale, LocalePages>;

  constructor(private readonly publicBaseUrl: string) {
    this.byLocale = Object.fromEntries(
      Object.entries(scannerTexts()).map(([locale, text]) => [locale, { pages: buildPages(publicBaseUrl, text), passwordForm: passwordPage(text, publicBaseUrl, 200, null), text }]),
    ) as Record<ScannerLocale, LocalePages>;
  }

  private of(req: IncomingMessage): LocalePages {
    return this.byLocale[this.languages.of(req.headers['accept-language'])];
  }

  /** The fixed pages in the scanner's language. */
  for(req: IncomingMessage): Pages {
    return this.of(req).pages;
  }

  passwordForm(req: IncomingMessage): Page {
    return this.of(req).passwordForm;
  }

  passwordRefused(req: IncomingMessage, status: 401 | 429): Page {
    return passwordPage(this.of(req).text, this.publicBaseUrl, status, status === 429 ? 'password.limited' : 'password.wrong');
  }

  unlocked(req: IncomingMessage, location: string): Page {
    return unlockedPage(this.of(req).text, this.publicBaseUrl, location);
  }
}
