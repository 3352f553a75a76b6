import type { CodeHistoryEntry } from '@qrd/contracts';
import { createIntl } from 'react-intl';
import { actorText, entryTitle, fieldLabel } from './history-text';

const intl = createIntl({ locale: 'en', defaultLocale: 'en' });
const entry = (fields: Partial<Pick<CodeHistoryEntry, 'actor' | 'apiKeyName' | 'memberName'>>) => ({ actor: 'owner' as const, apiKeyName: null, memberName: null, ...fields });

describe(actorText.name, () => {
  it('names another member of the workspace, and says "you" for the signed-in one', () => {
    expect(actorText(intl, entry({ memberName: 'alice' }), 'bob')).toBe('by alice');
    expect(actorText(intl, entry({ memberName: 'bob' }), 'bob')).toBe('by you');
    expect(actorText(intl, entry({}), 'bob')).toBe('by you');
    expect(actorText(intl, entry({ memberName: 'alice', apiKeyName: 'CRM sync' }), 'bob')).toBe('by alice with the API key “CRM sync”');
    expect(actorText(intl, entry({ actor: 'admin', memberName: 'alice' }), 'bob')).toBe('by an administrator');
  });
});

describe(entryTitle.name, () => {
  it('says how unique scanners are counted from a change on', () => {
    const change = (before: string, after: string) =>
      ({ kind: 'analytics', changes: [{ field: 'uniqueWindow', before, after }] }) as unknown as CodeHistoryEntry;
    expect(entryTitle(intl, change('day', 'hour'))).toBe('Unique scanners now counted once per hour');
    expect(entryTitle(intl, change('hour', 'day'))).toBe('Unique scanners now counted once per day');
    expect(fieldLabel(intl, 'uniqueWindow')).toBe('Unique scanners counted once per');
  });
});
