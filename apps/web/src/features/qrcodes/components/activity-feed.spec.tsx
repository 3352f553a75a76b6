import { ErrorCode, type ChangeActivity, type ScanActivity } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCode } from '../../../testing/fixtures';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { ActivityFeed } from './activity-feed';

function anEntry(id: number, overrides: Partial<ChangeActivity> = {}): ChangeActivity {
  return {
    type: 'change',
    id: String(id),
    codeId: 'c-1',
    codeName: 'Table menu',
    codeDeleted: false,
    kind: 'destination',
    actor: 'owner',
    apiKeyName: null,
    at: '2026-03-01T10:00:00.000Z',
    changes: [{ field: 'destination', before: `https://example.com/${id - 1}`, after: `https://example.com/${id}` }],
    ...overrides,
  };
}

function scans(overrides: Partial<ScanActivity> = {}): ScanActivity {
  return {
    type: 'scans',
    id: 'c-2@2026-03-01T09:00:00.000Z',
    codeId: 'c-2',
    codeName: 'Flyer',
    codeDeleted: false,
    scans: 12,
    from: '2026-03-01T09:00:00.000Z',
    to: '2026-03-01T10:00:00.000Z',
    at: '2026-03-01T09:58:00.000Z',
    ...overrides,
  };
}

describe(ActivityFeed.name, () => {
  let server: FetchStub;
  const codes = [aCode({ id: 'c-1', name: 'Table menu' }), aCode({ id: 'c-2', name: 'Flyer' })];

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/qrcodes', ok({ items: codes, nextCursor: null, total: 2 }))
      .on('GET /api/activity', (request) =>
        ok(
          request.query.get('cursor') === '30~~'
            ? { items: [anEntry(29)], nextCursor: null }
            : { items: [anEntry(31), anEntry(30, { kind: 'password', changes: [{ field: 'password', before: 'set', after: 'none' }] })], nextCursor: '30~~' },
        ),
      );
  });

  it('shows each change with who made it and before/after, and loads older pages with the keyboard', async () => {
    renderWithApp(<ActivityFeed />);
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Destination changed: Table menu by you');
    expect(items[0]).toHaveTextContent('Destination: https://example.com/30 → https://example.com/31');
    expect(items[1]).toHaveTextContent('Password removed');
    expect(within(items[0]).getByRole('link', { name: 'Table menu' })).toHaveAttribute('href', '/edit-qr/c-1');

    const more = screen.getByRole('button', { name: 'Show older activity' });
    more.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByRole('list', { name: 'Activity, newest first' })).toHaveTextContent('Destination: https://example.com/28 → https://example.com/29'));
    expect(server.calls('GET /api/activity').at(-1)?.query.get('cursor')).toBe('30~~');
    expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();
  });

  it('shows the scans of a code in an hour as one line among the changes, newest first', async () => {
    server.on('GET /api/activity', ok({ items: [anEntry(31), scans(), anEntry(30, { at: '2026-03-01T08:00:00.000Z' })], nextCursor: null }));
    renderWithApp(<ActivityFeed />);

    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent(/^12 scans of Flyer from \d{1,2}:00 [AP]M to \d{1,2}:00 [AP]M/);
    expect(within(items[1]).getByRole('link', { name: 'Flyer' })).toHaveAttribute('href', '/edit-qr/c-2');
    expect(items[2]).toHaveTextContent('Destination changed');
  });

  it('filters by code and by kind of change on the server', async () => {
    renderWithApp(<ActivityFeed />);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Activity, newest first' });
    await screen.findByRole('option', { name: 'Flyer' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'QR code' }), 'Flyer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of activity' }), 'Password');

    const last = server.calls('GET /api/activity').at(-1);
    expect(last?.query.get('codeId')).toBe('c-2');
    expect(last?.query.get('kind')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('combobox', { name: 'QR code' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Kind of activity' })).toHaveValue('');
    expect(server.calls('GET /api/activity').filter((call) => !call.query.get('kind') && !call.query.get('codeId')).length).toBeGreaterThan(0);
  });

  it('says when nothing matches, and names a deleted code without a link', async () => {
    server.on('GET /api/activity', (request) =>
      ok(request.query.get('kind') ? { items: [], nextCursor: null } : { items: [anEntry(5, { kind: 'deleted', codeDeleted: true, changes: [] })], nextCursor: null }),
    );
    renderWithApp(<ActivityFeed />);
    const user = userEvent.setup();

    expect(await screen.findByText('Table menu (deleted)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Table menu/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of activity' }), 'Logo');
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
  });

  it('shows loading, then a failure with a retry that works', async () => {
    const held = deferred<Reply<never>>();
    server.on('GET /api/activity', () => held.promise);
    renderWithApp(<ActivityFeed />);
    const user = userEvent.setup();

    expect(await screen.findByRole('status')).toHaveTextContent('Loading activity...');
    held.resolve(fail(500, { code: ErrorCode.Internal, message: 'Failed to read the history' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Could not load the activity.');

    server.on('GET /api/activity', ok({ items: [], nextCursor: null }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing yet: create a QR code, scan it or change it.')).toBeInTheDocument();
  });
});
