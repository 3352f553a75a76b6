import type { CodeHistoryEntry } from '@qrd/contracts';
import { actorText, entryTitle, fieldLabel } from './history-text';

const entry = (fields: Partial<Pick<CodeHistoryEntry, 'actor' | 'apiKeyName' | 'memberName'>>) => ({ actor: 'owner' as const, apiKeyName: null, memberName: null, ...fields });

describe(actorText.name, () => {
  it('names another member of the workspace, and says "you" for the signed-in one', () => {
    expect(actorText(entry({ memberName: 'alice' }), 'bob')).toBe('by alice');
    expect(actorText(entry({ memberName: 'bob' }), 'bob')).toBe('by you');
    expect(actorText(entry({}), 'bob')).toBe('by you');
    expect(actorText(entry({ memberName: 'alice', apiKeyName: 'CRM sync' }), 'bob')).toBe('by alice with the API key “CRM sync”');
    expect(actorText(entry({ actor: 'admin', memberName: 'alice' }), 'bob')).toBe('by an administrator');
  });
});

describe(entryTitle.name, () => {
  it('says how unique scanners are counted from a change on', () => {
    const change = (before: string, after: string) =>
      ({ kind: 'analytics', changes: [{ field: 'uniqueWindow', before, after }] }) as unknown as CodeHistoryEntry;
    expect(entryTitle(change('day', 'hour'))).toBe('Unique scanners now counted once per hour');
    expect(entryTitle(change('hour', 'day'))).toBe('Unique scanners now counted once per day');
    expect(fieldLabel('uniqueWindow')).toBe('Unique scanners counted once per');
  });
});
