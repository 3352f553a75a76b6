import { CONTENT_FILE_MAX_BYTES, contentProblems, type CodeContent, type ContentType, type StoredContent } from '@qrd/contracts';

/** The kinds of code the create page offers: a website (a redirect) or a page we host. */
export type CodeKind = 'website' | ContentType;

export const CODE_KINDS: { value: CodeKind; label: string; description: string }[] = [
  { value: 'website', label: 'Website', description: 'Scans go to a web address you choose.' },
  { value: 'vcard', label: 'Contact card', description: 'A page with your details and “Add to contacts”.' },
  { value: 'links', label: 'Link list', description: 'A “link in bio” page with up to 20 buttons.' },
  { value: 'file', label: 'File', description: `A PDF or an image up to ${CONTENT_FILE_MAX_BYTES / 1024 / 1024} MB.` },
  { value: 'wifi', label: 'Wi-Fi', description: 'Guests join your network with one scan.' },
];

/** A new, empty content of a type. */
export function emptyContent(type: ContentType): CodeContent {
  switch (type) {
    case 'vcard':
      return { type, firstName: '', lastName: '', company: '', title: '', phones: [{ label: 'mobile', number: '' }], emails: [''], website: '' };
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
