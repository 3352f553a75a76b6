import {
  ContentFileView,
  FileContent,
  LinkListContent,
  publicFileUrl,
  publicVcardUrl,
  StoredContent,
  VCardContent,
  wifiPayload,
  WifiContent,
} from '@qrd/contracts';
import type { Page } from '../redirects/pages';
import { ICONS } from './icons';
import { HOSTED_PAGE_STYLE } from './hosted-page.style';
import { wifiCodeSvg } from './wifi-code';

/** What a scanner reads on a hosted page (English, as the redirect-service's other pages). */
export const HOSTED_PAGE_TEXT = {
  contact: 'Contact',
  photoOf: (name: string) => `Photo of ${name}`,
  addToContacts: 'Add to contacts',
  contactDetails: 'Contact details',
  file: 'File',
  fileGone: 'This file is not available any more.',
  pdf: (size: string) => `PDF document, ${size}`,
  openPdf: 'Open PDF',
  download: (name: string) => `Download ${name}`,
  join: (ssid: string) => `Join “${ssid}”`,
  joinHint: 'Scan this code with another phone’s camera to join, or copy the details.',
  joinCode: (ssid: string) => `QR code to join the Wi-Fi network ${ssid}`,
  network: 'Network',
  password: 'Password',
  security: 'Security',
  hidden: ', hidden network',
  madeWith: 'Made with QR Dynamic',
  report: 'Report this page',
} as const;

const SECURITY: Record<WifiContent['security'], string> = { WPA: 'WPA/WPA2/WPA3', WEP: 'WEP', nopass: 'Open (no password)' };

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // The owner may edit or switch off the page at any moment: never kept, but small.
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
} as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Only http(s) addresses become links (the qr-service checked them; a stored value is still no script). */
function safeUrl(url: string): string | null {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : null;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type Files = Record<string, ContentFileView>;

function fileUrl(slug: string, id: string, variant: 'avatar' | null = null): string {
  return escapeHtml(publicFileUrl(slug, id, variant));
}

function contactCard(slug: string, card: VCardContent, files: Files): { title: string; body: string } {
  const name = [card.firstName, card.lastName].filter(Boolean).join(' ') || card.company || HOSTED_PAGE_TEXT.contact;
  const photo = card.photoFileId && files[card.photoFileId] ? card.photoFileId : null;
  const role = [card.title, card.company].filter(Boolean).join(', ');
  const address = card.address
    ? [card.address.street, [card.address.postcode, card.address.city].filter(Boolean).join(' '), card.address.region, card.address.country].filter(Boolean)
    : [];
  const rows: string[] = [];
  for (const phone of card.phones) {
    const label = phone.label ? `<small>${escapeHtml(phone.label)}</small>` : '';
    rows.push(`<li><a class="row" href="tel:${escapeHtml(phone.number.replace(/[^+\d]/g, ''))}">${ICONS.phone}<span>${escapeHtml(phone.number)}${label}</span></a></li>`);
  }
  for (const email of card.emails) rows.push(`<li><a class="row" href="mailto:${escapeHtml(email)}">${ICONS.mail}<span class="all">${escapeHtml(email)}</span></a></li>`);
  const website = card.website ? safeUrl(card.website) : null;
  if (website && card.website) {
    rows.push(`<li><a class="row" href="${website}" rel="noopener noreferrer nofollow">${ICONS.globe}<span class="all">${escapeHtml(card.website.replace(/^https?:\/\//i, ''))}</span></a></li>`);
  }
  if (address.length) rows.push(`<li class="row">${ICONS.mapPin}<address>${escapeHtml(address.join(', '))}</address></li>`);
  const body =
    `<header>${photo ? `<img class="avatar big" src="${fileUrl(slug, photo, 'avatar')}" alt="${escapeHtml(HOSTED_PAGE_TEXT.photoOf(name))}" width="112" height="112">` : ''}` +
    `<h1 elementtiming="main">${escapeHtml(name)}</h1>${role ? `<p class="muted">${escapeHtml(role)}</p>` : ''}</header>` +
    `<a class="btn" href="${escapeHtml(publicVcardUrl(slug))}" download>${ICONS.userPlus}${HOSTED_PAGE_TEXT.addToContacts}</a>` +
    (rows.length ? `<ul class="rows" aria-label="${HOSTED_PAGE_TEXT.contactDetails}">${rows.join('')}</ul>` : '') +
    (card.note ? `<p class="muted note">${escapeHtml(card.note)}</p>` : '');
  return { title: name, body };
}

function linkList(slug: string, list: LinkListContent, files: Files): { title: string; body: string } {
  const avatar = list.avatarFileId && files[list.avatarFileId] ? list.avatarFileId : null;
  const links = list.links
    .map((link) => {
      const href = safeUrl(link.url);
      return href ? `<li><a class="btn outline" href="${href}" rel="noopener noreferrer nofollow">${escapeHtml(link.label)}</a></li>` : '';
    })
    .join('');
  const body =
    `<header>${avatar ? `<img class="avatar" src="${fileUrl(slug, avatar, 'avatar')}" alt="" width="96" height="96">` : ''}` +
    `<h1 elementtiming="main">${escapeHtml(list.title)}</h1>${list.description ? `<p class="muted">${escapeHtml(list.description)}</p>` : ''}</header>` +
    `<ul class="links">${links}</ul>`;
  return { title: list.title, body };
}

function filePage(slug: string, file: FileContent, files: Files): { title: string; body: string } {
  const stored = files[file.fileId];
  const title = file.title || stored?.fileName || HOSTED_PAGE_TEXT.file;
  let body = `<h1 elementtiming="main">${escapeHtml(title)}</h1>`;
  if (!stored) return { title, body: `${body}<p role="alert">${HOSTED_PAGE_TEXT.fileGone}</p>` };
  const url = fileUrl(slug, file.fileId);
  const pdf = stored.contentType === 'application/pdf';
  if (stored.contentType.startsWith('image/')) body += `<img class="shown" src="${url}" alt="${escapeHtml(title)}">`;
  if (pdf) body += `<p class="muted center">${ICONS.fileText}${escapeHtml(HOSTED_PAGE_TEXT.pdf(size(stored.sizeBytes)))}</p>`;
  body += `<div class="stack">${pdf ? `<a class="btn" href="${url}">${ICONS.fileText}${HOSTED_PAGE_TEXT.openPdf}</a>` : ''}`;
  body += `<a class="btn outline" href="${url}" download="${escapeHtml(stored.fileName)}">${ICONS.download}${escapeHtml(HOSTED_PAGE_TEXT.download(stored.fileName))}</a></div>`;
  return { title, body };
}

function wifiPage(wifi: WifiContent): { title: string; body: string } {
  const ssid = escapeHtml(wifi.ssid);
  const password =
    wifi.security !== 'nopass' && wifi.password
      ? `<div class="field"><dt>${HOSTED_PAGE_TEXT.password}</dt><dd class="copy mono">${escapeHtml(wifi.password)}</dd></div>`
      : '';
  const body =
    `<header><span class="accent">${ICONS.wifi}</span><h1 elementtiming="main">${escapeHtml(HOSTED_PAGE_TEXT.join(wifi.ssid))}</h1><p class="muted">${HOSTED_PAGE_TEXT.joinHint}</p></header>` +
    `<div class="code">${wifiCodeSvg(wifiPayload(wifi), escapeHtml(HOSTED_PAGE_TEXT.joinCode(wifi.ssid)))}</div>` +
    `<dl class="stack"><div class="field"><dt>${HOSTED_PAGE_TEXT.network}</dt><dd class="copy">${ssid}</dd></div>${password}` +
    `<div class="field"><dt>${HOSTED_PAGE_TEXT.security}</dt><dd>${SECURITY[wifi.security]}${wifi.hidden ? HOSTED_PAGE_TEXT.hidden : ''}</dd></div></dl>`;
  return { title: HOSTED_PAGE_TEXT.join(wifi.ssid), body };
}

function render(slug: string, content: StoredContent): { title: string; body: string } {
  const files = content.files ?? {};
  switch (content.type) {
    case 'vcard':
      return contactCard(slug, content, files);
    case 'links':
      return linkList(slug, content, files);
    case 'file':
      return filePage(slug, content, files);
    case 'wifi':
      return wifiPage(content);
  }
}

/**
 * A content code's page (contact card, link list, file, Wi-Fi) as one small HTML document: inline
 * CSS, inline icons and join code, no script; images are the only other requests. Built from the
 * redirect entry alone, so a scan costs no call to the qr-service.
 */
export function hostedPage(slug: string, content: StoredContent, publicBaseUrl: string): Page {
  const { title, body } = render(slug, content);
  const home = escapeHtml(`${publicBaseUrl}/`);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><link rel="icon" href="data:,">` +
    `<title>${escapeHtml(title)}</title><style>${HOSTED_PAGE_STYLE}</style></head>` +
    `<body><main>${body}<footer><a href="${home}">${HOSTED_PAGE_TEXT.madeWith}</a>` +
    `<a href="${escapeHtml(`${publicBaseUrl}/report?code=${slug}`)}">${HOSTED_PAGE_TEXT.report}</a></footer></main></body></html>\n`;
  return { status: 200, body: html, headers: { ...HEADERS, 'content-length': Buffer.byteLength(html, 'utf8') } };
}
