import type { QrCodeView, StoredContent } from '@qrd/contracts';

const PAGE_NAMES: Record<StoredContent['type'], string> = {
  vcard: 'Contact card page',
  links: 'Link list page',
  file: 'File page',
  wifi: 'Wi-Fi page',
};

function contentDetail(content: StoredContent): string {
  switch (content.type) {
    case 'vcard':
      return [content.firstName, content.lastName].filter(Boolean).join(' ').trim() || content.company?.trim() || '';
    case 'links':
      return content.title.trim();
    case 'file':
      return content.title?.trim() || content.files?.[content.fileId]?.fileName || '';
    case 'wifi':
      return content.ssid;
  }
}

/**
 * Where a code leads, as its owner thinks of it: the web address of a website code; for a page we
 * host, what the page is ("Contact card page: Jane Doe"), not the page's own address.
 */
export function destinationText(code: Pick<QrCodeView, 'destinationUrl' | 'content'>): string {
  if (!code.content) return code.destinationUrl;
  const detail = contentDetail(code.content);
  return detail ? `${PAGE_NAMES[code.content.type]}: ${detail}` : PAGE_NAMES[code.content.type];
}
