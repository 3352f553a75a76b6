import type { ActivityCursor, ActivityItem, ActivityPage, CodeHistoryEntry } from '@qrd/contracts';
import { encodeActivityCursor } from '@qrd/contracts';
import type { ScanActivityRow } from './scan-activity.repository';

const HOUR_MS = 3_600_000;

/** Milliseconds of an ISO time with up to microseconds. */
function millis(iso: string): number {
  return Date.parse(iso.length > 24 ? `${iso.slice(0, 23)}Z` : iso);
}

/**
 * One page of the feed from the next rows of its two lists (each newest first, at most
 * limit + 1 of them): merged by time, a change before scans of the same instant, with the
 * position reached in each list as the next cursor (a list nothing was taken from keeps its own).
 */
export function mergeActivity(changes: CodeHistoryEntry[], scans: ScanActivityRow[], limit: number, cursor: ActivityCursor | null): ActivityPage {
  const items: ActivityItem[] = [];
  let c = 0;
  let s = 0;
  while (items.length < limit && (c < changes.length || s < scans.length)) {
    const change = changes[c];
    const group = scans[s];
    if (change && (!group || millis(change.at) >= millis(group.at))) {
      items.push({ type: 'change', ...change });
      c++;
    } else {
      items.push({
        type: 'scans',
        id: `${group.codeId}@${group.hour.toISOString()}`,
        codeId: group.codeId,
        codeName: group.codeName,
        codeDeleted: group.codeDeleted,
        scans: group.scans,
        from: group.hour.toISOString(),
        to: new Date(group.hour.getTime() + HOUR_MS).toISOString(),
        at: new Date(millis(group.at)).toISOString(),
      });
      s++;
    }
  }
  const more = c < changes.length || s < scans.length;
  if (!more) return { items, nextCursor: null };
  const next: ActivityCursor = {
    change: c > 0 ? changes[c - 1].id : (cursor?.change ?? null),
    scans: s > 0 ? { at: scans[s - 1].at, codeId: scans[s - 1].codeId } : (cursor?.scans ?? null),
  };
  return { items, nextCursor: encodeActivityCursor(next) };
}
