import type { MailMessage } from '@qrd/contracts';
import { escapeHtml, MailLinks, MailText, MailValues } from './i18n/mail-text';
import type { MailMessageKey } from './i18n/en';

/** One block of a mail, in both its parts. */
export interface Block {
  text: string;
  html: string;
}

/** A paragraph of one message. */
export function paragraph(t: MailText, key: MailMessageKey, values?: MailValues, links?: MailLinks): Block {
  return { text: t.text(key, values, links), html: `<p>${t.html(key, values, links)}</p>` };
}

/** Text as it is (a name, lines from an invoice): escaped in HTML, its line breaks kept. */
export function verbatim(text: string): Block {
  return { text, html: `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>` };
}

export function hello(t: MailText, name?: string): Block {
  return name === undefined ? paragraph(t, 'helloAnonymous') : paragraph(t, 'hello', { name });
}

/** A link to open: its label in HTML, its address alone on a line in both parts. */
export function button(label: string, url: string): Block {
  return {
    text: url,
    html: `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p><p style="word-break:break-all">${escapeHtml(url)}</p>`,
  };
}

/** A link ending a mail: "Label: address" in text, the label linked in HTML. */
export function linkLine(t: MailText, label: string, url: string): Block {
  return { text: t.text('linkLine', { label, url }), html: `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>` };
}

export function compose(t: MailText, to: string, subject: string, blocks: Block[], extra: Partial<MailMessage> = {}): MailMessage {
  return {
    to,
    subject,
    text: blocks.map((block) => block.text).join('\n\n') + '\n',
    html: t.document(blocks.map((block) => block.html).join('')),
    ...extra,
  };
}
