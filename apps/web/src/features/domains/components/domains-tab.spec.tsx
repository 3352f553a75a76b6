import { DOMAIN_MESSAGES, ErrorCode, type DomainView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFetchStub, noContent, ok, type Reply } from '../../../testing/fetch-stub';
import { aDomain } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { DomainsTab } from './domains-tab';

const ACME = aDomain();
const when = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

function renderTab() {
  return renderWithApp(<DomainsTab />, { path: '/account' });
}

/** The list item of one domain, by the name people read. */
async function findDomain(name: string) {
  return screen.findByRole('listitem', { name });
}

describe('DomainsTab', () => {
  it('explains custom domains when there are none, adds one (a pasted address becomes its host name) and lists it with its DNS records', async () => {
    let domains: DomainView[] = [];
    const answer = deferred<Reply<DomainView>>();
    const server = installFetchStub()
      .on('GET /api/domains', () => ok(domains))
      .on('POST /api/domains', () => answer.promise);
    renderTab();
    expect(await screen.findByText('No custom domains yet')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Domain name'), 'https://qr.acme.com/menu');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));

    // While the server answers, the button says so and cannot be pressed again.
    const busy = await screen.findByRole('button', { name: 'Adding…' });
    expect(busy).toBeDisabled();
    expect(server.calls('POST /api/domains')[0].body).toEqual({ hostname: 'qr.acme.com' });
    domains = [ACME];
    answer.resolve(ok(ACME, 201));

    const item = await findDomain('qr.acme.com');
    expect(within(item).getByText('Pending')).toBeInTheDocument();
    expect(within(item).getByText('Not checked yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain name')).toHaveValue('');
    expect(screen.queryByText('No custom domains yet')).not.toBeInTheDocument();
  });

  it("shows the server's reason under the field, for a refused name and for a refusal without a field", async () => {
    let refusal = fail(400, { code: ErrorCode.Validation, message: DOMAIN_MESSAGES.publicSuffix, fields: { hostname: DOMAIN_MESSAGES.publicSuffix } });
    const server = installFetchStub()
      .on('GET /api/domains', ok([]))
      .on('POST /api/domains', () => refusal);
    renderTab();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Domain name');

    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(DOMAIN_MESSAGES.required)).toBeInTheDocument();
    expect(server.calls('POST /api/domains')).toHaveLength(0);

    await user.type(field, 'co.uk');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_MESSAGES.publicSuffix);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(DOMAIN_MESSAGES.publicSuffix);

    // Typing again clears the message; a refusal with no field of its own is shown there too.
    refusal = fail(409, { code: ErrorCode.Conflict, message: DOMAIN_MESSAGES.tooMany(5) });
    await user.clear(field);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(field, 'qr.acme.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_MESSAGES.tooMany(5));
    expect(screen.getByRole('button', { name: 'Add domain' })).toBeEnabled();
  });

  it('lists a domain with its state, the reason, the last check, when it will be disabled, and the DNS records with copy buttons', async () => {
    const misconfigured = aDomain({
      hostname: 'xn--bcher-kva.example',
      unicodeHostname: 'bücher.example',
      state: 'misconfigured',
      reason: 'No TXT record _qrd-challenge.xn--bcher-kva.example was found',
      lastCheckedAt: '2026-11-28T10:15:00.000Z',
      verifiedAt: '2026-11-20T08:00:00.000Z',
      disablesAt: '2026-12-05T10:15:00.000Z',
      dns: {
        challenge: { type: 'TXT', name: '_qrd-challenge.xn--bcher-kva.example', value: 'qrd-verify=abcdefghijklmnopqrstuvwx' },
        cname: 'links.qrdynamic.example',
        addresses: ['203.0.113.10', '2001:db8::10'],
      },
      codes: 3,
    });
    installFetchStub().on('GET /api/domains', ok([misconfigured]));
    renderTab();

    const item = await findDomain('bücher.example');
    expect(within(item).getByText('Misconfigured')).toBeInTheDocument();
    expect(item).toHaveTextContent('As DNS knows it: xn--bcher-kva.example');
    expect(item).toHaveTextContent(`Links keep working until ${when('2026-12-05T10:15:00.000Z')}`);
    expect(item).toHaveTextContent('No TXT record _qrd-challenge.xn--bcher-kva.example was found');
    expect(item).toHaveTextContent(`Last checked ${when('2026-11-28T10:15:00.000Z')} · 3 codes use it`);

    const table = within(item).getByRole('table', { name: 'DNS records for bücher.example' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'TypeNameValue',
      'CNAMExn--bcher-kva.examplelinks.qrdynamic.example',
      expect.stringContaining('Or, where a CNAME cannot be made'),
      'Axn--bcher-kva.example203.0.113.10',
      'AAAAxn--bcher-kva.example2001:db8::10',
      'TXT_qrd-challenge.xn--bcher-kva.exampleqrd-verify=abcdefghijklmnopqrstuvwx',
    ]);

    // On a phone's width the same records are a list, each name and value one above the other.
    const stacked = within(item).getByRole('list', { name: 'DNS records for bücher.example' });
    expect(within(stacked).getAllByRole('listitem').map((record) => record.textContent)).toEqual([
      'CNAMEName: xn--bcher-kva.exampleValue: links.qrdynamic.example',
      'TXTName: _qrd-challenge.xn--bcher-kva.exampleValue: qrd-verify=abcdefghijklmnopqrstuvwx',
    ]);
    expect(within(item).getByRole('list', { name: 'Address records for bücher.example' })).toHaveTextContent('203.0.113.10');

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Copy TXT value' }));
    expect(await navigator.clipboard.readText()).toBe('qrd-verify=abcdefghijklmnopqrstuvwx');
    await user.click(within(table).getByRole('button', { name: 'Copy CNAME value' }));
    expect(await navigator.clipboard.readText()).toBe('links.qrdynamic.example');
  });

  it('checks a domain now and shows what the check found', async () => {
    const verified = aDomain({ state: 'verified', lastCheckedAt: '2026-11-28T11:00:00.000Z', verifiedAt: '2026-11-28T11:00:00.000Z' });
    let domains = [ACME];
    const server = installFetchStub()
      .on('GET /api/domains', () => ok(domains))
      .on('POST /api/domains/:id/check', () => {
        domains = [verified];
        return ok(verified);
      });
    renderTab();
    const item = await findDomain('qr.acme.com');

    await userEvent.setup().click(within(item).getByRole('button', { name: 'Check qr.acme.com now' }));

    await waitFor(() => expect(within(item).getByText('Verified')).toBeInTheDocument());
    expect(server.calls('POST /api/domains/:id/check').map((call) => call.params.id)).toEqual([ACME.id]);
    expect(item).toHaveTextContent(`Last checked ${when('2026-11-28T11:00:00.000Z')}`);
    expect(await screen.findByText('qr.acme.com is verified')).toBeInTheDocument();
  });

  it('says why a check did not verify the domain', async () => {
    const stillPending = aDomain({ reason: 'No TXT record _qrd-challenge.qr.acme.com was found', lastCheckedAt: '2026-11-28T11:00:00.000Z' });
    let domains = [ACME];
    installFetchStub()
      .on('GET /api/domains', () => ok(domains))
      .on('POST /api/domains/:id/check', () => {
        domains = [stillPending];
        return ok(stillPending);
      });
    renderTab();
    const item = await findDomain('qr.acme.com');
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Check qr.acme.com now' }));
    expect(await screen.findByText('qr.acme.com is not verified')).toBeInTheDocument();
    expect(within(item).getByText('No TXT record _qrd-challenge.qr.acme.com was found')).toBeInTheDocument();
  });

  it('saves the redirects, an empty one as our own page, and refuses an address that is not a web address', async () => {
    const withRoot = aDomain({ state: 'verified', rootRedirect: 'https://acme.com' });
    const server = installFetchStub()
      .on('GET /api/domains', ok([aDomain({ state: 'verified', notFoundRedirect: 'https://acme.com/404' })]))
      .on('PATCH /api/domains/:id', ok(withRoot));
    renderTab();
    const user = userEvent.setup();
    const item = await findDomain('qr.acme.com');
    await user.click(within(item).getByRole('button', { name: 'Redirects (1)' }));

    const form = within(item).getByRole('form', { name: 'Redirects of qr.acme.com' });
    expect(within(form).getByLabelText('Unknown link')).toHaveValue('https://acme.com/404');
    await user.type(within(form).getByLabelText('Domain root'), 'acme.com');
    await user.click(within(form).getByRole('button', { name: 'Save redirects' }));
    expect(await within(form).findByText(DOMAIN_MESSAGES.redirect)).toBeInTheDocument();
    expect(server.calls('PATCH /api/domains/:id')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Domain root'));
    await user.type(within(form).getByLabelText('Domain root'), 'https://acme.com');
    await user.clear(within(form).getByLabelText('Unknown link'));
    await user.click(within(form).getByRole('button', { name: 'Save redirects' }));

    await waitFor(() => expect(server.calls('PATCH /api/domains/:id')).toHaveLength(1));
    expect(server.calls('PATCH /api/domains/:id')[0].body).toEqual({ rootRedirect: 'https://acme.com', notFoundRedirect: null, expiredRedirect: null, hsts: false });
    expect(await screen.findByText('Redirects saved')).toBeInTheDocument();
  });

  it('sends HSTS on a domain only once it is turned on, after warning what it does, and turns it off again', async () => {
    let domains = [aDomain({ state: 'verified' })];
    const server = installFetchStub()
      .on('GET /api/domains', () => ok(domains))
      .on('PATCH /api/domains/:id', (request) => {
        domains = [aDomain({ state: 'verified', hsts: request.body.hsts ?? false })];
        return ok(domains[0]);
      });
    renderTab();
    const user = userEvent.setup();
    const item = await findDomain('qr.acme.com');
    await user.click(within(item).getByRole('button', { name: 'Redirects' }));

    const form = within(item).getByRole('form', { name: 'Redirects of qr.acme.com' });
    const hsts = within(form).getByRole('checkbox', { name: 'Send HSTS (Strict-Transport-Security) on this domain' });
    expect(hsts).not.toBeChecked();
    expect(hsts).toHaveAccessibleDescription(expect.stringContaining('refuse plain HTTP to qr.acme.com for a year'));

    await user.click(hsts);
    await user.click(within(form).getByRole('button', { name: 'Save redirects' }));
    await waitFor(() => expect(server.calls('PATCH /api/domains/:id')).toHaveLength(1));
    expect(server.calls('PATCH /api/domains/:id')[0].body).toEqual({ rootRedirect: null, notFoundRedirect: null, expiredRedirect: null, hsts: true });
    expect(server.calls('PATCH /api/domains/:id')[0].params.id).toBe(ACME.id);
    await waitFor(() => expect(item).toHaveTextContent('Sends HSTS'));

    await user.click(within(form).getByRole('checkbox', { name: 'Send HSTS (Strict-Transport-Security) on this domain' }));
    expect(within(form).getByRole('checkbox', { name: 'Send HSTS (Strict-Transport-Security) on this domain' })).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save redirects' }));
    await waitFor(() => expect(server.calls('PATCH /api/domains/:id')).toHaveLength(2));
    expect(server.calls('PATCH /api/domains/:id')[1].body).toMatchObject({ hsts: false });
    await waitFor(() => expect(item).not.toHaveTextContent('Sends HSTS'));
  });

  it('asks before removing a domain, shows why it cannot be removed while codes use it, and removes an unused one', async () => {
    let refuse = true;
    let domains = [ACME];
    const server = installFetchStub()
      .on('GET /api/domains', () => ok(domains))
      .on('DELETE /api/domains/:id', () => {
        if (refuse) return fail(409, { code: ErrorCode.Conflict, message: DOMAIN_MESSAGES.inUse(2) });
        domains = [];
        return noContent();
      });
    renderTab();
    const user = userEvent.setup();
    await user.click(within(await findDomain('qr.acme.com')).getByRole('button', { name: 'Remove qr.acme.com' }));

    const dialog = await screen.findByRole('dialog', { name: 'Remove qr.acme.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('2 codes use this domain: move them to another domain first');
    expect(screen.getByRole('listitem', { name: 'qr.acme.com', hidden: true })).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No custom domains yet')).toBeInTheDocument();
    expect(server.calls('DELETE /api/domains/:id').map((call) => call.params.id)).toEqual([ACME.id, ACME.id]);
  });

  it('says so when the domains cannot be loaded, and tries again', async () => {
    let failing = true;
    installFetchStub().on('GET /api/domains', () => (failing ? fail(503, { code: ErrorCode.Unavailable, message: 'Service unavailable' }) : ok([ACME])));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your domains: Service unavailable');
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findDomain('qr.acme.com')).toBeInTheDocument();
  });
});
