import { registerDecorator } from 'class-validator';
import { destinationProblem } from './code-fields';
import type { FieldErrors, NestedFieldErrorsContext } from './validate-dto';

/**
 * Content codes (docs/content-codes.md): pages we host behind the same short link. A scan of
 * /r/{slug} is counted like any other and redirected to PUBLIC_BASE_URL/p/{slug}, which reads the
 * page from GET /api/public/pages/{slug}. The content is checked here (the gateway's validation
 * and the web forms) and again by the qr-service.
 */

export const CONTENT_TYPES = ['vcard', 'links', 'file', 'wifi'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_TEXT_MAX = 200;
export const CONTENT_MAX_PHONES = 5;
export const CONTENT_MAX_EMAILS = 5;
export const CONTENT_MAX_LINKS = 20;
/** Uploaded files (PDF or image), checked by their bytes, not their name. */
export const CONTENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CONTENT_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const WIFI_SECURITY = ['WPA', 'WEP', 'nopass'] as const;
export type WifiSecurity = (typeof WIFI_SECURITY)[number];
/** IEEE 802.11: an SSID is at most 32 bytes; WPA passphrases are 8 to 63 characters. */
export const WIFI_SSID_MAX_BYTES = 32;

export const CONTENT_MESSAGES = {
  type: 'Choose a contact card, link list, file or Wi-Fi network',
  required: 'This field is required',
  tooLong: `Use at most ${CONTENT_TEXT_MAX} characters`,
  name: 'Enter a first or last name',
  phone: 'Enter a phone number of digits, spaces and + ( ) - . only',
  email: 'Enter a valid email address',
  tooManyPhones: `Add at most ${CONTENT_MAX_PHONES} phone numbers`,
  tooManyEmails: `Add at most ${CONTENT_MAX_EMAILS} email addresses`,
  linksRequired: 'Add at least one button',
  tooManyLinks: `Add at most ${CONTENT_MAX_LINKS} buttons`,
  linkLabel: 'Give the button a label',
  fileRequired: 'Upload a PDF or an image',
  fileId: 'Upload the file again',
  ssid: 'Enter the network name',
  ssidTooLong: `The network name is at most ${WIFI_SSID_MAX_BYTES} bytes`,
  security: 'Security must be WPA/WPA2/WPA3, WEP or none',
  wpaPassword: 'A WPA password has 8 to 63 characters',
  wepPassword: 'A WEP key has 5 or 13 characters, or 10 or 26 hexadecimal digits',
  noPassword: 'An open network has no password',
  fileType: 'The file must be a PDF or an image (PNG, JPEG, WebP or GIF)',
  imageType: 'The image must be a PNG, JPEG, WebP or GIF',
  fileTooLarge: `The file is too large: upload at most ${CONTENT_FILE_MAX_BYTES / 1024 / 1024} MB`,
  fileEmpty: 'The file is empty',
  contentOnly: 'A content code has no web address: edit its content instead',
  websiteOnly: 'This code leads to a website: it has no hosted content',
  passwordProtected: 'Hosted pages cannot be password protected',
} as const;

export interface ContactPhone {
  /** "mobile", "work", "home"... free text, shown beside the number. */
  label?: string;
  number: string;
}

export interface ContactAddress {
  street?: string;
  city?: string;
  region?: string;
  postcode?: string;
  country?: string;
}

export interface VCardContent {
  type: 'vcard';
  firstName?: string;
  lastName?: string;
  company?: string;
  title?: string;
  phones: ContactPhone[];
  emails: string[];
  address?: ContactAddress;
  website?: string;
  note?: string;
  /** An uploaded image (POST /api/content-files?purpose=image). */
  photoFileId?: string;
}

export interface ContentLink {
  label: string;
  url: string;
}

export interface LinkListContent {
  type: 'links';
  title: string;
  description?: string;
  avatarFileId?: string;
  links: ContentLink[];
}

export interface FileContent {
  type: 'file';
  title?: string;
  fileId: string;
}

export interface WifiContent {
  type: 'wifi';
  ssid: string;
  security: WifiSecurity;
  password?: string;
  hidden: boolean;
}

/** What the owner sends and edits. */
export type CodeContent = VCardContent | LinkListContent | FileContent | WifiContent;

/** An uploaded file as its owner and the pages see it. */
export interface ContentFileView {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** The stored content: the owner's, plus what the server knows of the files it names. */
export type StoredContent = CodeContent & { files?: Record<string, ContentFileView> };

/** GET /api/public/pages/{slug}: what a hosted page shows (files as URLs of ours). */
export interface PublicPage {
  slug: string;
  content: CodeContent;
  /** File id -> its public address and description. */
  files: Record<string, ContentFileView & { url: string }>;
  /** The contact card as a .vcf (contact cards only). */
  vcardUrl: string | null;
}

export type ContentUploadPurpose = 'file' | 'image';

/** POST /api/content-files?purpose=file|image&name=...: the file itself as the body. */
export const CONTENT_UPLOAD_PATH = 'api/content-files';

export function publicPagePath(slug: string): string {
  return `/p/${slug}`;
}

export function publicFileUrl(slug: string, fileId: string, variant: 'avatar' | null = null): string {
  return `/api/public/pages/${slug}/files/${fileId}${variant ? `?variant=${variant}` : ''}`;
}

export function publicVcardUrl(slug: string): string {
  return `/api/public/pages/${slug}/contact.vcf`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const PHONE = /^\+?[0-9 ().-]{3,30}$/;
const WEP_KEY = /^(?:.{5}|.{13}|[0-9a-fA-F]{10}|[0-9a-fA-F]{26})$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks one optional text field; `required` also refuses an empty one. */
function text(errors: FieldErrors, path: string, value: unknown, required = false, max = CONTENT_TEXT_MAX): void {
  if (value === undefined || value === null || value === '') {
    if (required) errors[path] = CONTENT_MESSAGES.required;
    return;
  }
  if (typeof value !== 'string') errors[path] = CONTENT_MESSAGES.required;
  else if (required && value.trim() === '') errors[path] = CONTENT_MESSAGES.required;
  else if (value.length > max) errors[path] = CONTENT_MESSAGES.tooLong;
}

function url(errors: FieldErrors, path: string, value: unknown, required: boolean): void {
  if ((value === undefined || value === '') && !required) return;
  const problem = destinationProblem(value);
  if (problem) errors[path] = problem;
}

function fileId(errors: FieldErrors, path: string, value: unknown, required: boolean): void {
  if (value === undefined || value === null || value === '') {
    if (required) errors[path] = CONTENT_MESSAGES.fileRequired;
    return;
  }
  if (typeof value !== 'string' || !UUID.test(value)) errors[path] = CONTENT_MESSAGES.fileId;
}

function list(errors: FieldErrors, path: string, value: unknown, max: number, tooMany: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    errors[path] = CONTENT_MESSAGES.required;
    return [];
  }
  if (value.length > max) errors[path] = tooMany;
  return value.slice(0, max);
}

function vcardProblems(c: Record<string, unknown>, errors: FieldErrors): void {
  text(errors, 'firstName', c.firstName, false, 100);
  text(errors, 'lastName', c.lastName, false, 100);
  const named = [c.firstName, c.lastName].some((v) => typeof v === 'string' && v.trim() !== '');
  if (!named && !errors.firstName && !errors.lastName) errors.firstName = CONTENT_MESSAGES.name;
  text(errors, 'company', c.company);
  text(errors, 'title', c.title);
  text(errors, 'note', c.note, false, 500);
  list(errors, 'phones', c.phones, CONTENT_MAX_PHONES, CONTENT_MESSAGES.tooManyPhones).forEach((phone, i) => {
    if (!isObject(phone)) return void (errors[`phones.${i}.number`] = CONTENT_MESSAGES.phone);
    text(errors, `phones.${i}.label`, phone.label, false, 30);
    if (typeof phone.number !== 'string' || !PHONE.test(phone.number.trim())) errors[`phones.${i}.number`] = CONTENT_MESSAGES.phone;
  });
  list(errors, 'emails', c.emails, CONTENT_MAX_EMAILS, CONTENT_MESSAGES.tooManyEmails).forEach((email, i) => {
    if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email.trim())) errors[`emails.${i}`] = CONTENT_MESSAGES.email;
  });
  if (c.address !== undefined && c.address !== null) {
    if (!isObject(c.address)) errors.address = CONTENT_MESSAGES.required;
    else for (const key of ['street', 'city', 'region', 'postcode', 'country'] as const) text(errors, `address.${key}`, c.address[key]);
  }
  url(errors, 'website', c.website, false);
  fileId(errors, 'photoFileId', c.photoFileId, false);
}

function linksProblems(c: Record<string, unknown>, errors: FieldErrors): void {
  text(errors, 'title', c.title, true, 100);
  text(errors, 'description', c.description, false, 300);
  fileId(errors, 'avatarFileId', c.avatarFileId, false);
  const links = list(errors, 'links', c.links, CONTENT_MAX_LINKS, CONTENT_MESSAGES.tooManyLinks);
  if (!errors.links && links.length === 0) errors.links = CONTENT_MESSAGES.linksRequired;
  links.forEach((link, i) => {
    if (!isObject(link)) return void (errors[`links.${i}.label`] = CONTENT_MESSAGES.linkLabel);
    if (typeof link.label !== 'string' || link.label.trim() === '') errors[`links.${i}.label`] = CONTENT_MESSAGES.linkLabel;
    else text(errors, `links.${i}.label`, link.label, true, 80);
    url(errors, `links.${i}.url`, link.url, true);
  });
}

function fileProblems(c: Record<string, unknown>, errors: FieldErrors): void {
  text(errors, 'title', c.title, false, 100);
  fileId(errors, 'fileId', c.fileId, true);
}

function wifiProblems(c: Record<string, unknown>, errors: FieldErrors): void {
  if (typeof c.ssid !== 'string' || c.ssid.trim() === '') errors.ssid = CONTENT_MESSAGES.ssid;
  else if (new TextEncoder().encode(c.ssid).length > WIFI_SSID_MAX_BYTES) errors.ssid = CONTENT_MESSAGES.ssidTooLong;
  if (!(WIFI_SECURITY as readonly unknown[]).includes(c.security)) errors.security = CONTENT_MESSAGES.security;
  const password = c.password === undefined || c.password === null ? '' : c.password;
  if (typeof password !== 'string') errors.password = CONTENT_MESSAGES.wpaPassword;
  else if (c.security === 'WPA' && (password.length < 8 || password.length > 63)) errors.password = CONTENT_MESSAGES.wpaPassword;
  else if (c.security === 'WEP' && !WEP_KEY.test(password)) errors.password = CONTENT_MESSAGES.wepPassword;
  else if (c.security === 'nopass' && password !== '') errors.password = CONTENT_MESSAGES.noPassword;
  if (c.hidden !== undefined && typeof c.hidden !== 'boolean') errors.hidden = CONTENT_MESSAGES.required;
}

const KNOWN_FIELDS: Record<ContentType, string[]> = {
  vcard: ['type', 'firstName', 'lastName', 'company', 'title', 'phones', 'emails', 'address', 'website', 'note', 'photoFileId'],
  links: ['type', 'title', 'description', 'avatarFileId', 'links'],
  file: ['type', 'title', 'fileId'],
  wifi: ['type', 'ssid', 'security', 'password', 'hidden'],
};

/** The problems of a content by field path ('' for the content itself); empty when it may be saved. */
export function contentProblems(value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!isObject(value) || !(CONTENT_TYPES as readonly unknown[]).includes(value.type)) return { '': CONTENT_MESSAGES.type };
  const type = value.type as ContentType;
  const unknown = Object.keys(value).find((key) => !KNOWN_FIELDS[type].includes(key));
  if (unknown) return { [unknown]: `Unknown field ${unknown}` };
  if (type === 'vcard') vcardProblems(value, errors);
  else if (type === 'links') linksProblems(value, errors);
  else if (type === 'file') fileProblems(value, errors);
  else wifiProblems(value, errors);
  return errors;
}

/** The content as stored: text trimmed, empty optional fields left out. */
export function normalizeContent(content: CodeContent): CodeContent {
  const t = (v: string | undefined) => (v === undefined ? undefined : v.trim() || undefined);
  switch (content.type) {
    case 'vcard': {
      const address = content.address && Object.fromEntries(Object.entries(content.address).map(([k, v]) => [k, t(v as string)]).filter(([, v]) => v));
      return dropEmpty({
        type: 'vcard',
        firstName: t(content.firstName),
        lastName: t(content.lastName),
        company: t(content.company),
        title: t(content.title),
        phones: (content.phones ?? []).map((p) => dropEmpty({ label: t(p.label), number: p.number.trim() })),
        emails: (content.emails ?? []).map((e) => e.trim()),
        address: address && Object.keys(address).length ? (address as ContactAddress) : undefined,
        website: t(content.website),
        note: t(content.note),
        photoFileId: content.photoFileId || undefined,
      });
    }
    case 'links':
      return dropEmpty({
        type: 'links',
        title: content.title.trim(),
        description: t(content.description),
        avatarFileId: content.avatarFileId || undefined,
        links: content.links.map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
      });
    case 'file':
      return dropEmpty({ type: 'file', title: t(content.title), fileId: content.fileId });
    case 'wifi':
      return dropEmpty({
        type: 'wifi',
        ssid: content.ssid,
        security: content.security,
        password: content.security === 'nopass' ? undefined : content.password,
        hidden: content.hidden === true,
      });
  }
}

function dropEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The file ids a content names. */
export function contentFileIds(content: CodeContent): string[] {
  if (content.type === 'vcard') return content.photoFileId ? [content.photoFileId] : [];
  if (content.type === 'links') return content.avatarFileId ? [content.avatarFileId] : [];
  if (content.type === 'file') return [content.fileId];
  return [];
}

/** The web addresses a content's page links to (under the destination policy and the blocklist). */
export function contentLinks(content: CodeContent): string[] {
  if (content.type === 'vcard') return content.website ? [content.website] : [];
  if (content.type === 'links') return content.links.map((link) => link.url);
  return [];
}

/** Which uploads a content field takes: images for photos and avatars, PDF or image for a file. */
export function contentUploadPurpose(type: ContentType): ContentUploadPurpose {
  return type === 'file' ? 'file' : 'image';
}

/** `\`, `;`, `,`, `:` and `"` are escaped in a WIFI: field (the ZXing format phones read). */
function wifiEscape(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

/** The text of a "join this network" QR code, as phone cameras read it. */
export function wifiPayload(content: Pick<WifiContent, 'ssid' | 'security' | 'password' | 'hidden'>): string {
  const parts = [`T:${content.security}`, `S:${wifiEscape(content.ssid)}`];
  if (content.security !== 'nopass') parts.push(`P:${wifiEscape(content.password ?? '')}`);
  if (content.hidden) parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}

/** The content of a code, checked as a whole; each failing field is named (content.phones.0.number...). */
export function IsCodeContent() {
  const context: NestedFieldErrorsContext = { fieldErrors: contentProblems };
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'codeContent',
      target: target.constructor,
      propertyName,
      options: {
        context,
        message: (args) => {
          const [first] = Object.entries(contentProblems(args.value));
          return first ? (first[0] === '' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid content';
        },
      },
      validator: { validate: (value: unknown) => Object.keys(contentProblems(value)).length === 0 },
    });
  };
}
