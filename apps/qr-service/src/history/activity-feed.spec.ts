import { decodeActivityCursor, type CodeHistoryEntry } from '@qrd/contracts';
import { mergeActivity } from './activity-feed';
import type { ScanActivityRow } from './scan-activity.repository';

const CODE = '0b7e4c62-5d6c-4a8e-9a51-2f1f3c9d0e11';

function change(id: number, at: string): CodeHistoryEntry {
  return { id: String(id), codeId: CODE, codeName: 'Menu', codeDeleted: false, kind: 'destination', actor: 'owner', apiKeyName: null, at, changes: [] };
}

function group(hour: string, at: string, scans: number): ScanActivityRow {
  return { codeId: CODE, codeName: 'Menu', codeDeleted: false, scans, hour: new Date(hour), at };
}

describe(mergeActivity.name, () => {
  const changes = [change(9, '2026-03-01T10:30:00.000Z'), change(8, '2026-03-01T08:00:00.000Z')];
  const scans = [group('2026-03-01T10:00:00Z', '2026-03-01T10:45:12.123456Z', 12), group('2026-03-01T09:00:00Z', '2026-03-01T09:59:00.000000Z', 3)];

  it('merges changes and hourly scan groups newest first, each group as one item with its hour', () => {
    const page = mergeActivity(changes, scans, 10, null);
    expect(page.items.map((item) => (item.type === 'scans' ? `${item.scans} scans` : `change ${item.id}`))).toEqual([
      '12 scans',
      'change 9',
      '3 scans',
      'change 8',
    ]);
    expect(page.items[0]).toMatchObject({ type: 'scans', from: '2026-03-01T10:00:00.000Z', to: '2026-03-01T11:00:00.000Z', at: '2026-03-01T10:45:12.123Z' });
    expect(page.nextCursor).toBeNull();
  });

  it('continues each list where the page left it (a list nothing was taken from keeps its place)', () => {
    const first = mergeActivity(changes, scans, 1, null);
    expect(first.items).toHaveLength(1);
    expect(decodeActivityCursor(first.nextCursor ?? '')).toEqual({ change: null, scans: { at: '2026-03-01T10:45:12.123456Z', codeId: CODE } });
    const second = mergeActivity(changes, scans.slice(1), 2, decodeActivityCursor(first.nextCursor ?? ''));
    expect(second.items.map((item) => item.type)).toEqual(['change', 'scans']);
    expect(decodeActivityCursor(second.nextCursor ?? '')).toEqual({ change: '9', scans: { at: '2026-03-01T09:59:00.000000Z', codeId: CODE } });
  });
});
