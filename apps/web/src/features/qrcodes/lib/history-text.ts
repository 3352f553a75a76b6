import type { CodeHistoryActor, CodeHistoryChange, CodeHistoryEntry, CodeHistoryKind } from '@qrd/contracts';

/** The kinds of change as the Recent Activity filter names them. */
export const KIND_LABELS: Record<CodeHistoryKind, string> = {
  created: 'Created',
  name: 'Name',
  destination: 'Destination',
  content: 'Hosted page content',
  category: 'Category',
  campaign: 'Campaign settings',
  password: 'Password',
  design: 'Design',
  logo: 'Logo',
  state: 'Activated or deactivated',
  takedown: 'Taken down or restored',
  deleted: 'Deleted',
  tags: 'Tags',
  folder: 'Folder',
  analytics: 'Unique scanners counting',
};

const FIELD_LABELS: Record<string, string> = {
  slug: 'Short link',
  name: 'Name',
  destination: 'Destination',
  category: 'Category',
  'campaign.passQuery': 'Pass query string on',
  'campaign.passScanId': 'Send the scan id (conversions)',
  'campaign.startsAt': 'Starts',
  'campaign.expiresAt': 'Expires',
  'campaign.scanLimit': 'Scan limit',
  'campaign.fallbackUrl': 'After expiry, go to',
  'campaign.schedule': 'Scheduled switches',
  'campaign.rules': 'Routing rules',
  'campaign.split': 'A/B split',
  'content.type': 'Page type',
  'content.firstName': 'First name',
  'content.lastName': 'Last name',
  'content.company': 'Company',
  'content.title': 'Title',
  'content.phones': 'Phone numbers',
  'content.emails': 'Email addresses',
  'content.address': 'Address',
  'content.website': 'Website',
  'content.note': 'Note',
  'content.photoFileId': 'Photo',
  'content.description': 'Description',
  'content.avatarFileId': 'Avatar',
  'content.links': 'Buttons',
  'content.fileId': 'File',
  'content.ssid': 'Network name',
  'content.security': 'Security',
  'content.password': 'Wi-Fi password',
  'content.hidden': 'Hidden network',
  password: 'Password',
  foreground: 'Foreground',
  background: 'Background',
  errorCorrection: 'Error correction',
  margin: 'Margin',
  dotStyle: 'Dot style',
  eyeStyle: 'Eye style',
  eyeColour: 'Eye colour',
  gradient: 'Gradient',
  transparent: 'Transparent background',
  frame: 'Frame',
  frameText: 'Frame text',
  logo: 'Logo',
  active: 'Active',
  takenDown: 'Taken down',
  reason: 'Reason',
  tags: 'Tags',
  folder: 'Folder',
  uniqueWindow: 'Unique scanners counted once per',
};

const ACTORS: Record<CodeHistoryActor, string> = { owner: 'by you', admin: 'by an administrator', system: 'automatically (abuse blocklist)' };

function after(entry: CodeHistoryEntry, field: string): unknown {
  return entry.changes.find((change) => change.field === field)?.after;
}

function before(entry: CodeHistoryEntry, field: string): unknown {
  return entry.changes.find((change) => change.field === field)?.before;
}

/** What happened, in a few words ("Password removed", "Taken down"). */
export function entryTitle(entry: CodeHistoryEntry): string {
  switch (entry.kind) {
    case 'created':
      return 'Created';
    case 'name':
      return 'Renamed';
    case 'destination':
      return 'Destination changed';
    case 'content':
      return 'Page content changed';
    case 'category':
      return 'Category changed';
    case 'campaign':
      return 'Campaign settings changed';
    case 'password':
      return after(entry, 'password') === 'none' ? 'Password removed' : before(entry, 'password') === 'none' ? 'Password set' : 'Password changed';
    case 'design':
      return 'Design changed';
    case 'logo':
      return after(entry, 'logo') === 'none' ? 'Logo removed' : before(entry, 'logo') === 'none' ? 'Logo added' : 'Logo replaced';
    case 'state':
      return after(entry, 'active') ? 'Activated' : 'Deactivated';
    case 'takedown':
      return after(entry, 'takenDown') ? 'Taken down' : 'Restored';
    case 'deleted':
      return 'Deleted';
    case 'tags':
      return 'Tags changed';
    case 'folder':
      return after(entry, 'folder') ? 'Moved to a folder' : 'Taken out of its folder';
    case 'analytics':
      return `Unique scanners now counted once per ${after(entry, 'uniqueWindow') === 'hour' ? 'hour' : 'day'}`;
  }
}

/**
 * "by you", "by alice" (another member of the workspace), "by you with the API key “CRM sync”",
 * "by an administrator". `me` is the signed-in username.
 */
export function actorText(entry: Pick<CodeHistoryEntry, 'actor' | 'apiKeyName' | 'memberName'>, me?: string): string {
  if (entry.actor !== 'owner') return ACTORS[entry.actor];
  const who = entry.memberName && entry.memberName !== me ? `by ${entry.memberName}` : 'by you';
  return entry.apiKeyName ? `${who} with the API key “${entry.apiKeyName}”` : who;
}

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A value as a person reads it: lists by their length (tags by name), nothing as "none". */
export function valueText(value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'tags' && Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The lines under a title: "Destination: https://a → https://b" (creations show only the new value). */
export function changeLines(entry: CodeHistoryEntry): { label: string; before: string | null; after: string }[] {
  // A password and a logo are said by the title; their set/none values add nothing.
  const shown = entry.changes.filter((change: CodeHistoryChange) => !['password', 'logo', 'active', 'takenDown', 'folder'].includes(change.field));
  return shown.map((change) => ({
    label: fieldLabel(change.field),
    before: entry.kind === 'created' ? null : valueText(change.before, change.field),
    after: valueText(change.after, change.field),
  }));
}
