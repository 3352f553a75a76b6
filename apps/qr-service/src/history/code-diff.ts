import { DEFAULT_UNIQUE_WINDOW, type CodeHistoryChange, type CodeHistoryKind } from '@qrd/contracts';
import type { CodeRecord } from '../codes/code.record';
import { storedDesign } from '../codes/code.record';

/** The columns of a code a change can touch (a CodeRecord or an admin's row with these). */
export type CodeSnapshot = Pick<
  CodeRecord,
  'name' | 'destination' | 'category' | 'design' | 'campaign' | 'passwordHash' | 'deactivatedByOwner' | 'takenDownAt' | 'takedownReason'
> &
  Partial<Pick<CodeRecord, 'tags' | 'folderId' | 'content' | 'uniqueWindow'>>;

export interface HistoryChange {
  kind: CodeHistoryKind;
  changes: CodeHistoryChange[];
}

const DESIGN_FIELDS = [
  'foreground',
  'background',
  'errorCorrection',
  'margin',
  'dotStyle',
  'eyeStyle',
  'eyeColour',
  'gradient',
  'transparent',
  'frame',
  'frameText',
] as const;

/** JSON with object keys sorted: jsonb and JavaScript order keys differently. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function same(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

function field(name: string, before: unknown, after: unknown): CodeHistoryChange {
  return { field: name, before: before ?? null, after: after ?? null };
}

const presence = (value: unknown) => (value ? 'set' : 'none');

/**
 * A content code's fields as history shows them: what the server adds about files is left out,
 * and a Wi-Fi password shows as 'set' or 'none' like a code's password.
 */
function contentFields(content: CodeSnapshot['content']): Record<string, unknown> {
  if (!content) return {};
  const { files: _files, ...fields } = content;
  const out: Record<string, unknown> = { ...fields };
  if (content.type === 'wifi') out.password = presence(content.password);
  return out;
}

/** What a code's creation records: where it leads and what it was set up with (never a password). */
export function creationChanges(code: CodeSnapshot & Pick<CodeRecord, 'slug'>): HistoryChange {
  const changes = [field('slug', null, code.slug), field('name', null, code.name), field('destination', null, code.destination)];
  if (code.category) changes.push(field('category', null, code.category));
  if (code.tags?.length) changes.push(field('tags', null, code.tags));
  if (code.folderId) changes.push(field('folder', null, code.folderId));
  for (const [key, value] of Object.entries(code.campaign ?? {})) if (value !== undefined && value !== null) changes.push(field(`campaign.${key}`, null, value));
  if (code.passwordHash) changes.push(field('password', 'none', 'set'));
  for (const [key, value] of Object.entries(contentFields(code.content))) changes.push(field(`content.${key}`, null, value));
  return { kind: 'created', changes };
}

/**
 * The changes between two versions of a code, one entry per kind with only the fields that
 * differ. A password shows as 'set' or 'none' (a new hash of any password is a change); a logo too.
 */
export function codeChanges(before: CodeSnapshot, after: CodeSnapshot): HistoryChange[] {
  const out: HistoryChange[] = [];
  const add = (kind: CodeHistoryKind, changes: CodeHistoryChange[]) => changes.length && out.push({ kind, changes });
  for (const kind of ['name', 'destination', 'category'] as const) {
    if (!same(before[kind], after[kind])) add(kind, [field(kind, before[kind], after[kind])]);
  }
  const contentBefore = contentFields(before.content);
  const contentAfter = contentFields(after.content);
  const contentKeys = [...new Set([...Object.keys(contentBefore), ...Object.keys(contentAfter)])];
  const changedPassword = before.content?.type === 'wifi' && after.content?.type === 'wifi' && before.content.password !== after.content.password;
  add(
    'content',
    contentKeys
      .filter((key) => !same(contentBefore[key], contentAfter[key]) || (key === 'password' && changedPassword))
      .map((key) => field(`content.${key}`, contentBefore[key], contentAfter[key])),
  );
  const keys = [...new Set([...Object.keys(before.campaign ?? {}), ...Object.keys(after.campaign ?? {})])].sort();
  const was = (before.campaign ?? {}) as Record<string, unknown>;
  const now = (after.campaign ?? {}) as Record<string, unknown>;
  add('campaign', keys.filter((key) => !same(was[key], now[key])).map((key) => field(`campaign.${key}`, was[key], now[key])));
  if (before.passwordHash !== after.passwordHash) add('password', [field('password', presence(before.passwordHash), presence(after.passwordHash))]);
  const designBefore = storedDesign(before.design);
  const designAfter = storedDesign(after.design);
  add('design', DESIGN_FIELDS.filter((key) => !same(designBefore[key], designAfter[key])).map((key) => field(key, designBefore[key], designAfter[key])));
  if (!same(designBefore.logo, designAfter.logo)) add('logo', [field('logo', presence(designBefore.logo), presence(designAfter.logo))]);
  const tagsBefore = before.tags ?? [];
  const tagsAfter = after.tags ?? [];
  if (!same(tagsBefore, tagsAfter)) add('tags', [field('tags', tagsBefore, tagsAfter)]);
  if ((before.folderId ?? null) !== (after.folderId ?? null)) add('folder', [field('folder', before.folderId, after.folderId)]);
  // Snapshots without the field (an admin's) are of codes counting as they always did: per day.
  const windowBefore = before.uniqueWindow ?? DEFAULT_UNIQUE_WINDOW;
  const windowAfter = after.uniqueWindow ?? DEFAULT_UNIQUE_WINDOW;
  if (windowBefore !== windowAfter) add('analytics', [field('uniqueWindow', windowBefore, windowAfter)]);
  if (before.deactivatedByOwner !== after.deactivatedByOwner) add('state', [field('active', !before.deactivatedByOwner, !after.deactivatedByOwner)]);
  const downBefore = before.takenDownAt !== null;
  const downAfter = after.takenDownAt !== null;
  if (downBefore !== downAfter) {
    add('takedown', [field('takenDown', downBefore, downAfter), field('reason', before.takedownReason, after.takedownReason)]);
  }
  return out;
}
