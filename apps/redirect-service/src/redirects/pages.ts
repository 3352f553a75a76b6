import { MALFORMED_URL_MESSAGE } from '@qrd/contracts';

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
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
} as const;

function html(title: string, message: string, homeUrl: string, reportUrl: string | null): string {
  const report = reportUrl ? `<a class="report" href="${escapeHtml(reportUrl)}">Report this QR code</a>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} - QR Dynamic</title>
<style>${STYLE}</style>
<link rel="icon" href="data:,">
</head><body><main><h1 elementtiming="main">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a class="home" href="${escapeHtml(homeUrl)}">Go to the home page</a>${report}</main></body></html>
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

function reportable(status: number, title: string, message: string, homeUrl: string, reportUrl: string): ReportablePage {
  const marker = '\u0000slug\u0000';
  const [head, tail] = html(title, message, homeUrl, `${reportUrl}?code=${marker}`).split(escapeHtml(marker));
  const bare = page(status, html(title, message, homeUrl, reportUrl));
  return (slug) => (slug === null ? bare : page(status, `${head}${slug}${tail}`));
}

/**
 * Password-protected codes: the small form a scanner fills in before the redirect. It posts back to
 * the same address (query string included, so pass-through still works); `wrong` after a refusal.
 */
export function passwordPage(publicBaseUrl: string, status: number, notice: string | null): Page {
  const base = page(status, html('This QR code is protected', 'Enter the password you were given to continue.', `${publicBaseUrl}/`, null));
  const form =
    `<form method="post"><label for="p" style="display:block;margin:1rem 0 .4rem">Password</label>` +
    `<input id="p" name="password" type="password" required autofocus autocomplete="off" maxlength="128" ` +
    `style="width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:.5rem;font-size:1rem">` +
    (notice ? `<p role="alert" style="color:#b91c1c">${escapeHtml(notice)}</p>` : '') +
    `<button type="submit" style="margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;font-size:1rem">Continue</button></form>`;
  const body = base.body.replace(/<a class="home" href="[^"]*">Go to the home page<\/a>/, form);
  return {
    status,
    body,
    headers: {
      ...base.headers,
      'content-length': Buffer.byteLength(body, 'utf8'),
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
export function unlockedPage(publicBaseUrl: string, location: string): Page {
  const target = escapeHtml(location);
  const base = page(200, html('Opening the link', 'The password is right. Taking you there now.', `${publicBaseUrl}/`, null));
  const body = base.body
    .replace('<meta name="robots" content="noindex">', `<meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${target}">`)
    .replace(/<a class="home" href="[^"]*">Go to the home page<\/a>/, `<a class="home" href="${target}">Continue</a>`);
  return {
    status: 200,
    body,
    headers: {
      ...base.headers,
      'content-length': Buffer.byteLength(body, 'utf8'),
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

export function buildPages(publicBaseUrl: string): Pages {
  const home = `${publicBaseUrl}/`;
  const report = `${publicBaseUrl}/report`;
  return {
    notFound: reportable(404, 'QR code not found', 'This QR code does not exist. Check that the whole code was scanned.', home, report),
    inactive: reportable(410, 'This QR code is not active', 'The owner of this QR code has deactivated it or their subscription has ended.', home, report),
    disabled: reportable(
      451,
      'This QR code has been disabled',
      'We have taken this QR code down because it broke our rules on acceptable use. Its link no longer leads anywhere.',
      home,
      report,
    ),
    unavailable: page(503, html('Please try again', 'We could not look up this QR code just now. Please scan it again in a moment.', home, null)),
    expired: page(410, html('This QR code has expired', 'The campaign behind this QR code has ended. Thank you for your interest.', home, null)),
    scheduled: page(403, html('This QR code is not live yet', 'The campaign behind this QR code has not started. Please scan it again later.', home, null)),
    badRequest: page(400, html('Bad request', MALFORMED_URL_MESSAGE, home, null)),
  };
}
