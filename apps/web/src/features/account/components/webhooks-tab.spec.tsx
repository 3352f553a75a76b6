import { ErrorCode, type ConversionSettingsView, type WebhookDeliveryView, type WebhookEndpointView, type WebhookEndpointWithSecret } from '@qrd/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { WebhooksTab } from './webhooks-tab';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const CONVERSIONS: ConversionSettingsView = {
  stripeEndpointUrl: 'http://localhost:8080/api/webhooks/stripe-conversions/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  stripeConfigured: false,
  attributionWindowDays: 30,
};

const SHOP: WebhookEndpointView = {
  id: '5b0a3c1e-2d4f-4a6b-8c9d-0e1f2a3b4c01',
  url: 'https://shop.example.com/hooks/qr',
  events: ['code.created', 'scan.created'],
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  createdAt: '2026-11-20T09:00:00.000Z',
};

const DELIVERY: WebhookDeliveryView = {
  id: '41',
  eventId: 'msg_0f9e8d7c6b5a49382716aabbccddeeff',
  eventType: 'scan.created',
  attempt: 2,
  outcome: 'succeeded',
  statusCode: 200,
  latencyMs: 87,
  responseExcerpt: 'ok',
  error: null,
  createdAt: '2026-11-24T15:30:00.000Z',
};

describe('WebhooksTab', () => {
  it('adds an endpoint with the chosen events, shows its secret once with a copy button, then lists it', async () => {
    const created: WebhookEndpointWithSecret = { ...SHOP, events: ['code.created', 'code.deleted'], secret: SECRET };
    let endpoints: WebhookEndpointView[] = [];
    const server = installFetchStub().on('GET /api/conversions/settings', ok(CONVERSIONS))
      .on('GET /api/webhooks', () => ok(endpoints))
      .on('POST /api/webhooks', () => {
        const { secret: _shown, ...view } = created;
        endpoints = [view];
        return ok(created, 201);
      });
    renderWithApp(<WebhooksTab />, { path: '/account' });
    expect(await screen.findByText('No webhook endpoints yet. Add one above.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://shop.example.com/hooks/qr');
    for (const type of ['code.updated', 'scan.created', 'subscription.updated', 'lead.created', 'sale.created']) await user.click(screen.getByRole('checkbox', { name: new RegExp(type) }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent(SECRET);
    expect(server.calls('POST /api/webhooks')[0].body).toEqual({ url: 'https://shop.example.com/hooks/qr', events: ['code.created', 'code.deleted'] });
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText('https://shop.example.com/hooks/qr')).toBeInTheDocument();
    expect(list).not.toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: "I've saved it" }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('asks for at least one event before sending, and shows what the server refused', async () => {
    const message = 'The URL points to a private or local network address, which scanners cannot reach. Use a public web address.';
    const server = installFetchStub().on('GET /api/conversions/settings', ok(CONVERSIONS))
      .on('GET /api/webhooks', ok([]))
      .on('POST /api/webhooks', fail(400, { code: ErrorCode.Validation, message, fields: { url: message } }));
    renderWithApp(<WebhooksTab />, { path: '/account' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Endpoint URL'), 'https://10.0.0.1.example/hook');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/Choose at least one event/)).toBeInTheDocument();
    expect(server.calls('POST /api/webhooks')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /code\.created/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findAllByText(message))[0]).toBeInTheDocument();
  });

  it('shows the delivery log with status, latency and the answer, and resends a delivery', async () => {
    const server = installFetchStub().on('GET /api/conversions/settings', ok(CONVERSIONS))
      .on('GET /api/webhooks', ok([SHOP]))
      .on('GET /api/webhooks/:id/deliveries', ok([DELIVERY]))
      .on('POST /api/webhooks/:id/deliveries/:deliveryId/resend', ok(undefined, 202));
    renderWithApp(<WebhooksTab />, { path: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(log).toHaveTextContent('Delivered');
    expect(log).toHaveTextContent('HTTP 200 · 87 ms · attempt 2');
    expect(within(log).getByLabelText('Response')).toHaveTextContent('ok');
    await user.click(within(log).getByRole('button', { name: /Resend scan.created/ }));
    expect(server.calls('POST /api/webhooks/:id/deliveries/:deliveryId/resend')).toHaveLength(1);
  });

  it('disables an endpoint and shows one disabled after failures', async () => {
    const failing: WebhookEndpointView = { ...SHOP, enabled: false, disabledReason: 'failures', consecutiveFailures: 5 };
    const server = installFetchStub().on('GET /api/conversions/settings', ok(CONVERSIONS))
      .on('GET /api/webhooks', ok([failing]))
      .on('PATCH /api/webhooks/:id', ok({ ...SHOP }));
    renderWithApp(<WebhooksTab />, { path: '/account' });
    expect(await screen.findByText('Disabled after failures')).toBeInTheDocument();
    expect(screen.getByText('5 events in a row could not be delivered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test event' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enable' }));
    expect(server.calls('PATCH /api/webhooks/:id')[0].body).toEqual({ enabled: true });
  });

  it('says so when the endpoints cannot be loaded', async () => {
    installFetchStub().on('GET /api/conversions/settings', ok(CONVERSIONS)).on('GET /api/webhooks', fail(503, { code: ErrorCode.Unavailable, message: 'Service unavailable' }));
    renderWithApp(<WebhooksTab />, { path: '/account' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your endpoints');
  });

  const BAD_SECRET = "Paste the endpoint's signing secret, which starts with whsec_";
  it('connects the workspace\'s Stripe account for conversions with its endpoint\'s secret, showing the server\'s reason for a bad one', async () => {
    let settings = CONVERSIONS;
    const server = installFetchStub()
      .on('GET /api/webhooks', ok([]))
      .on('GET /api/conversions/settings', () => ok(settings))
      .on('PUT /api/conversions/settings', ({ body }) => {
        if (!body?.stripeWebhookSecret?.startsWith('whsec_')) return fail(400, { code: ErrorCode.Validation, message: BAD_SECRET, fields: { stripeWebhookSecret: BAD_SECRET } });
        settings = { ...settings, stripeConfigured: true };
        return ok(settings);
      });
    renderWithApp(<WebhooksTab />, { path: '/account' });
    expect(await screen.findByLabelText('Endpoint URL for your Stripe dashboard')).toHaveValue(CONVERSIONS.stripeEndpointUrl);
    expect(screen.getByText(/Not connected yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Signing secret of that endpoint'), 'sk_live_wrong');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText("Paste the endpoint's signing secret, which starts with whsec_")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Signing secret of that endpoint'));
    await user.type(screen.getByLabelText('Signing secret of that endpoint'), 'whsec_abcdefghijkl');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/Connected: sales arrive from Stripe/)).toBeInTheDocument();
    expect(server.calls('PUT /api/conversions/settings').map((c) => c.body)).toEqual([{ stripeWebhookSecret: 'sk_live_wrong' }, { stripeWebhookSecret: 'whsec_abcdefghijkl' }]);
  });
});
