import type { CodeHistoryEntry } from '@qrd/contracts';
import { screen, within } from '@testing-library/react';
import { installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { CodeHistory } from './code-history';

const entries: CodeHistoryEntry[] = [
  {
    id: '9',
    codeId: 'c-1',
    codeName: 'Menu',
    codeDeleted: false,
    kind: 'takedown',
    actor: 'admin',
    apiKeyName: null,
    at: '2026-03-02T10:00:00.000Z',
    changes: [
      { field: 'takenDown', before: false, after: true },
      { field: 'reason', before: null, after: 'Phishing' },
    ],
  },
  {
    id: '8',
    codeId: 'c-1',
    codeName: 'Menu',
    codeDeleted: false,
    kind: 'campaign',
    actor: 'owner',
    apiKeyName: 'CRM sync',
    at: '2026-03-01T10:00:00.000Z',
    changes: [{ field: 'campaign.scanLimit', before: 50, after: null }],
  },
  {
    id: '7',
    codeId: 'c-1',
    codeName: 'Menu',
    codeDeleted: false,
    kind: 'created',
    actor: 'owner',
    apiKeyName: null,
    at: '2026-02-01T10:00:00.000Z',
    changes: [{ field: 'destination', before: null, after: 'https://example.com/menu' }],
  },
];

describe(CodeHistory.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub().on('GET /api/qrcodes/:id/history', ok({ items: entries, nextCursor: null }));
  });

  it("lists the code's changes newest first, with who made them and the fields before and after", async () => {
    renderWithApp(<CodeHistory codeId="c-1" />);

    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(['Taken down', 'Campaign settings changed', 'Created']);
    expect(items[0]).toHaveTextContent('by an administrator');
    expect(items[0]).toHaveTextContent('Reason: none → Phishing');
    expect(items[1]).toHaveTextContent('Scan limit: 50 → none');
    expect(items[1]).toHaveTextContent('by you with the API key “CRM sync”');
    expect(items[2]).toHaveTextContent('by you');
    expect(items[2]).not.toHaveTextContent('API key');
    expect(items[2]).toHaveTextContent('Destination: https://example.com/menu');
    expect(items[2]).not.toHaveTextContent('→');
    expect(server.calls('GET /api/qrcodes/:id/history')[0].params.id).toBe('c-1');
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    server.on('GET /api/qrcodes/:id/history', ok({ items: [], nextCursor: null }));
    renderWithApp(<CodeHistory codeId="c-1" />);

    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
