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
import type { ScannerText } from '../i18n/scanner-language';
import type { Page } from '../redirects/pages';
import { ICONS } from './icons';
import { HOSTED_PAGE_STYLE } from './hosted-page.style';
import { wifiCodeSvg } from './wifi-code';

function security(text: ScannerText, kind: WifiContent['security']): string {
  return kind === 'nopass' ? text.t('hosted.openNetwork') : kind === 'WPA' ? 'WPA/WPA2/WPA3' : 'WEP';
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // The owner may edit or switch off the page at any moment: never kept, but small.
  'cache-control': 'private, no-store',
  // In the scanner's language (Accept-Language), and says so.
  vary: 'Accept-Language',
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

function contactCard(text: ScannerText, slug: string, card: VCardContent, files: Files): { title: string; body: string } {
  const name = [card.firstName, card.lastName].filter(Boolean).join(' ') || card.company || text.t('hosted.contact');
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
    `<header>${photo ? `<img class="avatar big" src="${fileUrl(slug, photo, 'avatar')}" alt="${escapeHtml(text.t('hosted.photoOf', { name }))}" width="112" height="112">` : ''}` +
    `<h1 elementtiming="main">${escapeHtml(name)}</h1>${role ? `<p class="muted">${escapeHtml(role)}</p>` : ''}</header>` +
    `<a class="btn" href="${escapeHtml(publicVcardUrl(slug))}" download>${ICONS.userPlus}${escapeHtml(text.t('hosted.addToContacts'))}</a>` +
    (rows.length ? `<ul class="rows" aria-label="${escapeHtml(text.t('hosted.contactDetails'))}">${rows.join('')}</ul>` : '') +
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

function filePage(text: ScannerText, slug: string, file: FileContent, files: Files): { title: string; body: string } {
  const stored = files[file.fileId];
  const title = file.title || stored?.fileName || text.t('hosted.file');
  let body = `<h1 elementtiming="main">${escapeHtml(title)}</h1>`;
  if (!stored) return { title, body: `${body}<p role="alert">${escapeHtml(text.t('hosted.fileGone'))}</p>` };
  const url = fileUrl(slug, file.fileId);
  const pdf = stored.contentType === 'application/pdf';
  if (stored.contentType.startsWith('image/')) body += `<img class="shown" src="${url}" alt="${escapeHtml(title)}">`;
  if (pdf) body += `<p class="muted center">${ICONS.fileText}${escapeHtml(text.t('hosted.pdf', { size: size(stored.sizeBytes) }))}</p>`;
  body += `<div class="stack">${pdf ? `<a class="btn" href="${url}">${ICONS.fileText}${escapeHtml(text.t('hosted.openPdf'))}</a>` : ''}`;
  body += `<a class="btn outline" href="${url}" download="${escapeHtml(stored.fileName)}">${ICONS.download}${escapeHtml(text.t('hosted.download', { name: stored.fileName }))}</a></div>`;
  return { title, body };
}

function wifiPage(text: ScannerText, wifi: WifiContent): { title: string; body: string } {
  const ssid = escapeHtml(wifi.ssid);
  const password =
    wifi.security !== 'nopass' && wifi.password
      ? `<div class="field"><dt>${escapeHtml(text.t('hosted.password'))}</dt><dd class="copy mono">${escapeHtml(wifi.password)}</dd></div>`
      : '';
  const body =
    `<header><span class="accent">${ICONS.wifi}</span><h1 elementtiming="main">${escapeHtml(text.t('hosted.join', { ssid: wifi.ssid }))}</h1><p class="muted">${escapeHtml(text.t('hosted.joinHint'))}</p></header>` +
    `<div class="code">${wifiCodeSvg(wifiPayload(wifi), escapeHtml(text.t('hosted.joinCode', { ssid: wifi.ssid })))}</div>` +
    `<dl class="stack"><div class="field"><dt>${escapeHtml(text.t('hosted.network'))}</dt><dd class="copy">${ssid}</dd></div>${password}` +
    `<div class="field"><dt>${escapeHtml(text.t('hosted.security'))}</dt><dd>${escapeHtml(security(text, wifi.security))}${wifi.hidden ? escapeHtml(text.t('hosted.hidden')) : ''}</dd></div></dl>`;
  return { title: text.t('hosted.join', { ssid: wifi.ssid }), body };
}

function render(text: ScannerText, slug: string, content: StoredContent): { title: string; body: string } {
  const files = content.files ?? {};
  switch (content.type) {
    case 'vcard':
      return contactCard(text, slug, content, files);
    case 'links':
      return linkList(slug, content, files);
    case 'file':
      return filePage(text, slug, content, files);
    case 'wifi':
      return wifiPage(text, content);
  }
}

/**
 * A content code's page (contact card, link list, file, Wi-Fi) as one small HTML document: inline
 * CSS, inline icons and join code, no script; images are the only other requests. Built from the
 * redirect entry alone, so a scan costs no call to the qr-service.
 */
export function hostedPage(text: ScannerText, slug: string, content: StoredContent, publicBaseUrl: string): Page {
  const { title, body } = render(text, slug, content);
  const home = escapeHtml(`${publicBaseUrl}/`);
  const html =
    `<!doctype html><html lang="${text.lang}" dir="${text.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><link rel="icon" href="data:,">` +
    `<title>${escapeHtml(title)}</title><style>${HOSTED_PAGE_STYLE}</style></head>` +
    `<body><main>${body}<footer><a href="${home}">${escapeHtml(text.t('hosted.madeWith'))}</a>` +
    `<a href="${escapeHtml(`${publicBaseUrl}/report?code=${slug}`)}">${escapeHtml(text.t('hosted.report'))}</a></footer></main></body></html>\n`;
  return { status: 200, body: html, headers: { ...HEADERS, 'content-length': Buffer.byteLength(html, 'utf8') } };
}
