import type { QrCodeView, StoredContent } from '@qrd/contracts';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

const PAGE_NAMES: Record<StoredContent['type'], MessageDescriptor> = defineMessages({
  vcard: { id: 'codesList.destination.vcard', defaultMessage: 'Contact card page' },
  links: { id: 'codesList.destination.links', defaultMessage: 'Link list page' },
  file: { id: 'codesList.destination.file', defaultMessage: 'File page' },
  wifi: { id: 'codesList.destination.wifi', defaultMessage: 'Wi-Fi page' },
});

/** The same page names followed by what the page shows ("Contact card page: Jane Doe"). */
const PAGE_NAMES_WITH_DETAIL: Record<StoredContent['type'], MessageDescriptor> = defineMessages({
  vcard: { id: 'codesList.destination.vcardDetail', defaultMessage: 'Contact card page: {detail}' },
  links: { id: 'codesList.destination.linksDetail', defaultMessage: 'Link list page: {detail}' },
  file: { id: 'codesList.destination.fileDetail', defaultMessage: 'File page: {detail}' },
  wifi: { id: 'codesList.destination.wifiDetail', defaultMessage: 'Wi-Fi page: {detail}' },
});

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
export function destinationText(intl: IntlShape, code: Pick<QrCodeView, 'destinationUrl' | 'content'>): string {
  if (!code.content) return code.destinationUrl;
  const detail = contentDetail(code.content);
  return detail ? intl.formatMessage(PAGE_NAMES_WITH_DETAIL[code.content.type], { detail }) : intl.formatMessage(PAGE_NAMES[code.content.type]);
}
