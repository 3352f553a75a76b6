import { CONTENT_FILE_MAX_BYTES, CONTENT_MAX_LINKS, contentProblems, type CodeContent, type ContentType, type StoredContent } from '@qrd/contracts';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The kinds of code the create page offers: a website (a redirect) or a page we host. */
export type CodeKind = 'website' | ContentType;

/** The largest file a file page takes, in MB (the value of `{max}` in the descriptions). */
export const CONTENT_FILE_MAX_MB = CONTENT_FILE_MAX_BYTES / 1024 / 1024;

/** The values the kinds' descriptions name. */
export const CODE_KIND_VALUES = { max: CONTENT_FILE_MAX_MB, links: CONTENT_MAX_LINKS };

const kinds = defineMessages({
  websiteLabel: { id: 'codesCreate.kind.website.label', defaultMessage: 'Website' },
  websiteDescription: { id: 'codesCreate.kind.website.description', defaultMessage: 'Scans go to a web address you choose.' },
  vcardLabel: { id: 'codesCreate.kind.vcard.label', defaultMessage: 'Contact card' },
  vcardDescription: { id: 'codesCreate.kind.vcard.description', defaultMessage: 'A page with your details and “Add to contacts”.' },
  linksLabel: { id: 'codesCreate.kind.links.label', defaultMessage: 'Link list' },
  linksDescription: { id: 'codesCreate.kind.links.description', defaultMessage: 'A “link in bio” page with up to {links, number} buttons.' },
  fileLabel: { id: 'codesCreate.kind.file.label', defaultMessage: 'File' },
  fileDescription: { id: 'codesCreate.kind.file.description', defaultMessage: 'A PDF or an image up to {max, number} MB.' },
  wifiLabel: { id: 'codesCreate.kind.wifi.label', defaultMessage: 'Wi-Fi' },
  wifiDescription: { id: 'codesCreate.kind.wifi.description', defaultMessage: 'Guests join your network with one scan.' },
});

/** Each kind with its name and description (formatted where shown, `{max}` being CONTENT_FILE_MAX_MB, `{links}` CONTENT_MAX_LINKS). */
export const CODE_KINDS: { value: CodeKind; label: MessageDescriptor; description: MessageDescriptor }[] = [
  { value: 'website', label: kinds.websiteLabel, description: kinds.websiteDescription },
  { value: 'vcard', label: kinds.vcardLabel, description: kinds.vcardDescription },
  { value: 'links', label: kinds.linksLabel, description: kinds.linksDescription },
  { value: 'file', label: kinds.fileLabel, description: kinds.fileDescription },
  { value: 'wifi', label: kinds.wifiLabel, description: kinds.wifiDescription },
];

/** A new, empty content of a type; a contact card's first phone row is labelled `phoneLabel` (in the owner's language). */
export function emptyContent(type: ContentType, phoneLabel = 'mobile'): CodeContent {
  switch (type) {
    case 'vcard':
      return { type, firstName: '', lastName: '', company: '', title: '', phones: [{ label: phoneLabel, number: '' }], emails: [''], website: '' };
    case 'links':
      return { type, title: '', description: '', links: [{ label: '', url: '' }] };
    case 'file':
      return { type, title: '', fileId: '' };
    case 'wifi':
      return { type, ssid: '', security: 'WPA', password: '', hidden: false };
  }
}

/** A stored content as the editor starts from it (without what the server added about files). */
export function editableContent(content: StoredContent): CodeContent {
  const { files: _files, ...rest } = content;
  return rest as CodeContent;
}

/** What is sent: empty optional entries left out (an empty extra phone row is not an error). */
export function contentToSend(content: CodeContent): CodeContent {
  if (content.type === 'vcard') {
    return {
      ...content,
      phones: content.phones.filter((phone) => phone.number.trim() !== ''),
      emails: content.emails.filter((email) => email.trim() !== ''),
      website: content.website?.trim() || undefined,
    };
  }
  if (content.type === 'file') return { ...content, title: content.title?.trim() || undefined };
  if (content.type === 'wifi' && content.security === 'nopass') return { ...content, password: undefined };
  return content;
}

/** The same checks as the server, by field path ("phones.0.number"). */
export function draftProblems(content: CodeContent): Record<string, string> {
  return contentProblems(contentToSend(content));
}
