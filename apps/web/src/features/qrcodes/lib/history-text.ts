import { QR_CATEGORIES, type CodeHistoryActor, type CodeHistoryChange, type CodeHistoryEntry, type CodeHistoryKind, type QrCategory } from '@qrd/contracts';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { categoryLabel, formatDateTime } from './code-list';

/** The kinds of change as the Recent Activity filter names them. */
export const KIND_LABELS: Record<CodeHistoryKind, MessageDescriptor> = defineMessages({
  created: { id: 'codesList.history.kind.created', defaultMessage: 'Created' },
  name: { id: 'codesList.history.kind.name', defaultMessage: 'Name' },
  destination: { id: 'codesList.history.kind.destination', defaultMessage: 'Destination' },
  content: { id: 'codesList.history.kind.content', defaultMessage: 'Hosted page content' },
  category: { id: 'codesList.history.kind.category', defaultMessage: 'Category' },
  campaign: { id: 'codesList.history.kind.campaign', defaultMessage: 'Campaign settings' },
  password: { id: 'codesList.history.kind.password', defaultMessage: 'Password' },
  design: { id: 'codesList.history.kind.design', defaultMessage: 'Design' },
  logo: { id: 'codesList.history.kind.logo', defaultMessage: 'Logo' },
  state: { id: 'codesList.history.kind.state', defaultMessage: 'Activated or deactivated' },
  takedown: { id: 'codesList.history.kind.takedown', defaultMessage: 'Taken down or restored' },
  deleted: { id: 'codesList.history.kind.deleted', defaultMessage: 'Deleted' },
  tags: { id: 'codesList.history.kind.tags', defaultMessage: 'Tags' },
  folder: { id: 'codesList.history.kind.folder', defaultMessage: 'Folder' },
  analytics: { id: 'codesList.history.kind.analytics', defaultMessage: 'Unique scanners counting' },
});

const FIELD_LABELS: Record<string, MessageDescriptor> = defineMessages({
  slug: { id: 'codesList.history.field.slug', defaultMessage: 'Short link' },
  name: { id: 'codesList.history.field.name', defaultMessage: 'Name' },
  destination: { id: 'codesList.history.field.destination', defaultMessage: 'Destination' },
  category: { id: 'codesList.history.field.category', defaultMessage: 'Category' },
  'campaign.passQuery': { id: 'codesList.history.field.passQuery', defaultMessage: 'Pass query string on' },
  'campaign.passScanId': { id: 'codesList.history.field.passScanId', defaultMessage: 'Send the scan id (conversions)' },
  'campaign.startsAt': { id: 'codesList.history.field.startsAt', defaultMessage: 'Starts' },
  'campaign.expiresAt': { id: 'codesList.history.field.expiresAt', defaultMessage: 'Expires' },
  'campaign.scanLimit': { id: 'codesList.history.field.scanLimit', defaultMessage: 'Scan limit' },
  'campaign.fallbackUrl': { id: 'codesList.history.field.fallbackUrl', defaultMessage: 'After expiry, go to' },
  'campaign.schedule': { id: 'codesList.history.field.schedule', defaultMessage: 'Scheduled switches' },
  'campaign.rules': { id: 'codesList.history.field.rules', defaultMessage: 'Routing rules' },
  'campaign.split': { id: 'codesList.history.field.split', defaultMessage: 'A/B split' },
  'content.type': { id: 'codesList.history.field.pageType', defaultMessage: 'Page type' },
  'content.firstName': { id: 'codesList.history.field.firstName', defaultMessage: 'First name' },
  'content.lastName': { id: 'codesList.history.field.lastName', defaultMessage: 'Last name' },
  'content.company': { id: 'codesList.history.field.company', defaultMessage: 'Company' },
  'content.title': { id: 'codesList.history.field.title', defaultMessage: 'Title' },
  'content.phones': { id: 'codesList.history.field.phones', defaultMessage: 'Phone numbers' },
  'content.emails': { id: 'codesList.history.field.emails', defaultMessage: 'Email addresses' },
  'content.address': { id: 'codesList.history.field.address', defaultMessage: 'Address' },
  'content.website': { id: 'codesList.history.field.website', defaultMessage: 'Website' },
  'content.note': { id: 'codesList.history.field.note', defaultMessage: 'Note' },
  'content.photoFileId': { id: 'codesList.history.field.photo', defaultMessage: 'Photo' },
  'content.description': { id: 'codesList.history.field.description', defaultMessage: 'Description' },
  'content.avatarFileId': { id: 'codesList.history.field.avatar', defaultMessage: 'Avatar' },
  'content.links': { id: 'codesList.history.field.buttons', defaultMessage: 'Buttons' },
  'content.fileId': { id: 'codesList.history.field.file', defaultMessage: 'File' },
  'content.ssid': { id: 'codesList.history.field.ssid', defaultMessage: 'Network name' },
  'content.security': { id: 'codesList.history.field.security', defaultMessage: 'Security' },
  'content.password': { id: 'codesList.history.field.wifiPassword', defaultMessage: 'Wi-Fi password' },
  'content.hidden': { id: 'codesList.history.field.hiddenNetwork', defaultMessage: 'Hidden network' },
  password: { id: 'codesList.history.field.password', defaultMessage: 'Password' },
  foreground: { id: 'codesList.history.field.foreground', defaultMessage: 'Foreground' },
  background: { id: 'codesList.history.field.background', defaultMessage: 'Background' },
  errorCorrection: { id: 'codesList.history.field.errorCorrection', defaultMessage: 'Error correction' },
  margin: { id: 'codesList.history.field.margin', defaultMessage: 'Margin' },
  dotStyle: { id: 'codesList.history.field.dotStyle', defaultMessage: 'Dot style' },
  eyeStyle: { id: 'codesList.history.field.eyeStyle', defaultMessage: 'Eye style' },
  eyeColour: { id: 'codesList.history.field.eyeColour', defaultMessage: 'Eye colour' },
  gradient: { id: 'codesList.history.field.gradient', defaultMessage: 'Gradient' },
  transparent: { id: 'codesList.history.field.transparent', defaultMessage: 'Transparent background' },
  frame: { id: 'codesList.history.field.frame', defaultMessage: 'Frame' },
  frameText: { id: 'codesList.history.field.frameText', defaultMessage: 'Frame text' },
  logo: { id: 'codesList.history.field.logo', defaultMessage: 'Logo' },
  active: { id: 'codesList.history.field.active', defaultMessage: 'Active' },
  takenDown: { id: 'codesList.history.field.takenDown', defaultMessage: 'Taken down' },
  reason: { id: 'codesList.history.field.reason', defaultMessage: 'Reason' },
  tags: { id: 'codesList.history.field.tags', defaultMessage: 'Tags' },
  folder: { id: 'codesList.history.field.folder', defaultMessage: 'Folder' },
  uniqueWindow: { id: 'codesList.history.field.uniqueWindow', defaultMessage: 'Unique scanners counted once per' },
});

const TEXT_MESSAGES = defineMessages({
  created: { id: 'codesList.history.title.created', defaultMessage: 'Created' },
  renamed: { id: 'codesList.history.title.renamed', defaultMessage: 'Renamed' },
  destination: { id: 'codesList.history.title.destination', defaultMessage: 'Destination changed' },
  content: { id: 'codesList.history.title.content', defaultMessage: 'Page content changed' },
  category: { id: 'codesList.history.title.category', defaultMessage: 'Category changed' },
  campaign: { id: 'codesList.history.title.campaign', defaultMessage: 'Campaign settings changed' },
  passwordRemoved: { id: 'codesList.history.title.passwordRemoved', defaultMessage: 'Password removed' },
  passwordSet: { id: 'codesList.history.title.passwordSet', defaultMessage: 'Password set' },
  passwordChanged: { id: 'codesList.history.title.passwordChanged', defaultMessage: 'Password changed' },
  design: { id: 'codesList.history.title.design', defaultMessage: 'Design changed' },
  logoRemoved: { id: 'codesList.history.title.logoRemoved', defaultMessage: 'Logo removed' },
  logoAdded: { id: 'codesList.history.title.logoAdded', defaultMessage: 'Logo added' },
  logoReplaced: { id: 'codesList.history.title.logoReplaced', defaultMessage: 'Logo replaced' },
  activated: { id: 'codesList.history.title.activated', defaultMessage: 'Activated' },
  deactivated: { id: 'codesList.history.title.deactivated', defaultMessage: 'Deactivated' },
  takenDown: { id: 'codesList.history.title.takenDown', defaultMessage: 'Taken down' },
  restored: { id: 'codesList.history.title.restored', defaultMessage: 'Restored' },
  deleted: { id: 'codesList.history.title.deleted', defaultMessage: 'Deleted' },
  tags: { id: 'codesList.history.title.tags', defaultMessage: 'Tags changed' },
  movedToFolder: { id: 'codesList.history.title.movedToFolder', defaultMessage: 'Moved to a folder' },
  outOfFolder: { id: 'codesList.history.title.outOfFolder', defaultMessage: 'Taken out of its folder' },
  uniqueWindow: {
    id: 'codesList.history.title.uniqueWindow',
    defaultMessage: 'Unique scanners now counted once per {window, select, hour {hour} other {day}}',
  },
  byYou: { id: 'codesList.history.actor.you', defaultMessage: 'by you' },
  byMember: { id: 'codesList.history.actor.member', defaultMessage: 'by {member}' },
  byYouWithKey: { id: 'codesList.history.actor.youWithKey', defaultMessage: 'by you with the API key “{key}”' },
  byMemberWithKey: { id: 'codesList.history.actor.memberWithKey', defaultMessage: 'by {member} with the API key “{key}”' },
  byAdmin: { id: 'codesList.history.actor.admin', defaultMessage: 'by an administrator' },
  bySystem: { id: 'codesList.history.actor.system', defaultMessage: 'automatically (abuse blocklist)' },
  none: { id: 'codesList.history.value.none', defaultMessage: 'none' },
  yes: { id: 'codesList.history.value.yes', defaultMessage: 'yes' },
  no: { id: 'codesList.history.value.no', defaultMessage: 'no' },
  entries: { id: 'codesList.history.value.entries', defaultMessage: '{count, plural, one {# entry} other {# entries}}' },
  hour: { id: 'codesList.history.value.hour', defaultMessage: 'hour' },
  day: { id: 'codesList.history.value.day', defaultMessage: 'day' },
});
/** As plain descriptors, which formatMessage takes with values. */
const TEXT: Record<keyof typeof TEXT_MESSAGES, MessageDescriptor> = TEXT_MESSAGES;

const ACTORS: Record<Exclude<CodeHistoryActor, 'owner'>, MessageDescriptor> = { admin: TEXT.byAdmin, system: TEXT.bySystem };

function after(entry: CodeHistoryEntry, field: string): unknown {
  return entry.changes.find((change) => change.field === field)?.after;
}

function before(entry: CodeHistoryEntry, field: string): unknown {
  return entry.changes.find((change) => change.field === field)?.before;
}

function title(entry: CodeHistoryEntry): MessageDescriptor {
  switch (entry.kind) {
    case 'created':
      return TEXT.created;
    case 'name':
      return TEXT.renamed;
    case 'destination':
      return TEXT.destination;
    case 'content':
      return TEXT.content;
    case 'category':
      return TEXT.category;
    case 'campaign':
      return TEXT.campaign;
    case 'password':
      return after(entry, 'password') === 'none' ? TEXT.passwordRemoved : before(entry, 'password') === 'none' ? TEXT.passwordSet : TEXT.passwordChanged;
    case 'design':
      return TEXT.design;
    case 'logo':
      return after(entry, 'logo') === 'none' ? TEXT.logoRemoved : before(entry, 'logo') === 'none' ? TEXT.logoAdded : TEXT.logoReplaced;
    case 'state':
      return after(entry, 'active') ? TEXT.activated : TEXT.deactivated;
    case 'takedown':
      return after(entry, 'takenDown') ? TEXT.takenDown : TEXT.restored;
    case 'deleted':
      return TEXT.deleted;
    case 'tags':
      return TEXT.tags;
    case 'folder':
      return after(entry, 'folder') ? TEXT.movedToFolder : TEXT.outOfFolder;
    case 'analytics':
      return TEXT.uniqueWindow;
  }
}

/** What happened, in a few words ("Password removed", "Taken down"). */
export function entryTitle(intl: IntlShape, entry: CodeHistoryEntry): string {
  return intl.formatMessage(title(entry), { window: after(entry, 'uniqueWindow') === 'hour' ? 'hour' : 'day' });
}

/**
 * "by you", "by alice" (another member of the workspace), "by you with the API key “CRM sync”",
 * "by an administrator". `me` is the signed-in username.
 */
export function actorText(intl: IntlShape, entry: Pick<CodeHistoryEntry, 'actor' | 'apiKeyName' | 'memberName'>, me?: string): string {
  if (entry.actor !== 'owner') return intl.formatMessage(ACTORS[entry.actor]);
  const member = entry.memberName && entry.memberName !== me ? entry.memberName : null;
  if (entry.apiKeyName) {
    return member ? intl.formatMessage(TEXT.byMemberWithKey, { member, key: entry.apiKeyName }) : intl.formatMessage(TEXT.byYouWithKey, { key: entry.apiKeyName });
  }
  return member ? intl.formatMessage(TEXT.byMember, { member }) : intl.formatMessage(TEXT.byYou);
}

export function fieldLabel(intl: IntlShape, field: string): string {
  const message = FIELD_LABELS[field];
  return message ? intl.formatMessage(message) : field;
}

const DATE_FIELDS = ['campaign.startsAt', 'campaign.expiresAt'];

/** A value as a person reads it: lists by their length (tags by name), nothing as "none". */
export function valueText(intl: IntlShape, value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return intl.formatMessage(TEXT.none);
  if (field === 'tags' && Array.isArray(value)) {
    return value.length === 0 ? intl.formatMessage(TEXT.none) : intl.formatList(value.map(String), { type: 'unit', style: 'short' });
  }
  if (typeof value === 'boolean') return intl.formatMessage(value ? TEXT.yes : TEXT.no);
  if (Array.isArray(value)) return value.length === 0 ? intl.formatMessage(TEXT.none) : intl.formatMessage(TEXT.entries, { count: value.length });
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number') return intl.formatNumber(value);
  if (field === 'category' && (QR_CATEGORIES as readonly unknown[]).includes(value)) return categoryLabel(intl, value as QrCategory);
  if (field === 'uniqueWindow' && (value === 'hour' || value === 'day')) return intl.formatMessage(value === 'hour' ? TEXT.hour : TEXT.day);
  if (field && DATE_FIELDS.includes(field) && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTime(intl, value);
  return String(value);
}

/** The lines under a title: "Destination: https://a → https://b" (creations show only the new value). */
export function changeLines(intl: IntlShape, entry: CodeHistoryEntry): { field: string; label: string; before: string | null; after: string }[] {
  // A password and a logo are said by the title; their set/none values add nothing.
  const shown = entry.changes.filter((change: CodeHistoryChange) => !['password', 'logo', 'active', 'takenDown', 'folder'].includes(change.field));
  return shown.map((change) => ({
    field: change.field,
    label: fieldLabel(intl, change.field),
    before: entry.kind === 'created' ? null : valueText(intl, change.before, change.field),
    after: valueText(intl, change.after, change.field),
  }));
}
