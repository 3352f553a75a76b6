import { ErrorCode, type DomainView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { aDomain, aUser } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { AdminDomains } from './admin-domains';

type Listed = DomainView & { workspaceId: string };

const ACME: Listed = { ...aDomain({ state: 'verified', codes: 12, verifiedAt: '2026-11-28T09:30:00.000Z' }), workspaceId: 'ws-acme' };
const BUECHER: Listed = {
  ...aDomain({
    id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e02',
    hostname: 'xn--bcher-kva.example',
    unicodeHostname: 'bücher.example',
    state: 'disabled',
    reason: 'Phishing pages reported by three people',
  }),
  workspaceId: 'ws-books',
};
const when = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

function renderList() {
  return renderWithApp(<AdminDomains />, { path: '/admin' });
}

/** The table row of one domain, by the name people read. */
async function findRow(name: string) {
  return screen.findByRole('row', { name: new RegExp(`^${name}`) });
}

describe('AdminDomains', () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub().on('GET /api/auth/user', ok(aUser({ role: 'admin' })));
  });

  it('lists every workspace’s domains with their state, reason, codes, workspace and date', async () => {
    server.on('GET /api/admin/domains', ok([ACME, BUECHER]));
    renderList();

    const table = await screen.findByRole('table', { name: 'Custom domains' });
    const acme = await findRow('qr.acme.com');
    expect(within(acme).getByText('Verified')).toBeInTheDocument();
    expect(acme).toHaveTextContent('12');
    expect(acme).toHaveTextContent('ws-acme');
    expect(acme).toHaveTextContent(when(ACME.createdAt));
    expect(within(acme).getByRole('button', { name: 'Disable qr.acme.com' })).toBeInTheDocument();

    const buecher = await findRow('bücher.example');
    expect(buecher).toHaveTextContent('xn--bcher-kva.example');
    expect(within(buecher).getByText('Disabled')).toBeInTheDocument();
    expect(buecher).toHaveTextContent('Phishing pages reported by three people');
    expect(buecher).toHaveTextContent('ws-books');
    expect(within(buecher).getByRole('button', { name: 'Enable bücher.example' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('disables a domain with the reason the admin gives, asking for one first', async () => {
    const answer = deferred<Reply<DomainView>>();
    let listed: Listed[] = [ACME];
    server
      .on('GET /api/admin/domains', () => ok(listed))
      .on('POST /api/admin/domains/:id/status', () => answer.promise);
    renderList();
    const user = userEvent.setup();
    await user.click(within(await findRow('qr.acme.com')).getByRole('button', { name: 'Disable qr.acme.com' }));

    const dialog = await screen.findByRole('dialog', { name: 'Disable qr.acme.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable domain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why the domain is disabled');
    expect(server.calls('POST /api/admin/domains/:id/status')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), '  Malware downloads  ');
    await user.click(within(dialog).getByRole('button', { name: 'Disable domain' }));

    expect(await within(dialog).findByRole('button', { name: 'Disable domain' })).toBeDisabled();
    expect(server.calls('POST /api/admin/domains/:id/status')).toHaveLength(1);
    expect(server.calls('POST /api/admin/domains/:id/status')[0].params.id).toBe(ACME.id);
    expect(server.calls('POST /api/admin/domains/:id/status')[0].body).toEqual({ disabled: true, reason: 'Malware downloads' });
    const disabled = aDomain({ state: 'disabled', reason: 'Malware downloads', codes: 12 });
    listed = [{ ...disabled, workspaceId: 'ws-acme' }];
    answer.resolve(ok(disabled));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Domain disabled')).toBeInTheDocument();
    const row = await findRow('qr.acme.com');
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(row).toHaveTextContent('Malware downloads');
    expect(within(row).getByRole('button', { name: 'Enable qr.acme.com' })).toBeInTheDocument();
  });

  it('shows in the dialog why a domain could not be disabled', async () => {
    server
      .on('GET /api/admin/domains', ok([ACME]))
      .on('POST /api/admin/domains/:id/status', fail(404, { code: ErrorCode.NotFound, message: 'Domain not found' }));
    renderList();
    const user = userEvent.setup();
    await user.click(within(await findRow('qr.acme.com')).getByRole('button', { name: 'Disable qr.acme.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Disable domain' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Domain not found');
    expect(within(dialog).getByRole('button', { name: 'Disable domain' })).toBeEnabled();
  });

  it('enables a disabled domain, which is checked at once, and says what the check found', async () => {
    const verified = aDomain({ ...BUECHER, state: 'verified', reason: null });
    server
      .on('GET /api/admin/domains', ok([BUECHER]))
      .on('POST /api/admin/domains/:id/status', ok(verified));
    renderList();
    await userEvent.setup().click(within(await findRow('bücher.example')).getByRole('button', { name: 'Enable bücher.example' }));

    await waitFor(() => expect(server.calls('POST /api/admin/domains/:id/status')).toHaveLength(1));
    expect(server.calls('POST /api/admin/domains/:id/status')[0].body).toEqual({ disabled: false });
    expect(await screen.findByText('bücher.example enabled')).toBeInTheDocument();
  });

  it('says so when enabling fails', async () => {
    server
      .on('GET /api/admin/domains', ok([BUECHER]))
      .on('POST /api/admin/domains/:id/status', fail(503, { code: ErrorCode.Unavailable, message: 'Service unavailable' }));
    renderList();
    await userEvent.setup().click(within(await findRow('bücher.example')).getByRole('button', { name: 'Enable bücher.example' }));

    expect(await screen.findByText('Could not enable the domain')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
  });

  it('says when no workspace has a domain', async () => {
    server.on('GET /api/admin/domains', ok([]));
    renderList();
    expect(await screen.findByText('No workspace has added a custom domain yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the domains cannot be loaded, and tries again', async () => {
    let failing = true;
    server.on('GET /api/admin/domains', () => (failing ? fail(403, { code: ErrorCode.Forbidden, message: 'Admins only' }) : ok([ACME])));
    renderList();
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Could not load the domains: Admins only');
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findRow('qr.acme.com')).toBeInTheDocument();
  }, 15_000);
});
