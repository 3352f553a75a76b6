import { ErrorCode } from '@qrd/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBillingConfig, aCode, aCodeCount, aSubscription, noSubscription } from '../../../testing/fixtures';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { CreateQrRoute } from './create-qr-route';

function renderScreen() {
  return renderWithApp(<CreateQrRoute />, { path: '/create-qr' });
}

async function fillIn(name: string, url: string) {
  const user = userEvent.setup();
  if (name) await user.type(await screen.findByLabelText('Name'), name);
  if (url) await user.type(screen.getByLabelText('Destination URL'), url);
  return user;
}

describe(CreateQrRoute.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/subscription', ok(aSubscription({ seats: 1, seatsUsed: 0 })))
      .on('GET /api/qrcodes', ok(aCodeCount(0)))
      .on('GET /api/domains', ok([]));
  });

  it('asks for a subscription when there is no active one', async () => {
    server.on('GET /api/subscription', ok(noSubscription()));
    renderScreen();

    expect(await screen.findByRole('heading', { name: 'Subscription Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('shows the validation messages and sends nothing while the form is invalid', async () => {
    renderScreen();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create QR Code' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('URL is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Name'), 'Table menu');
    await user.type(screen.getByLabelText('Destination URL'), 'example');

    expect(await screen.findByText('Please enter a valid URL. Include https:// at the beginning.')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(server.calls('POST /api/qrcodes')).toHaveLength(0);
  });

  it('creates the first code directly and opens it', async () => {
    server.on('POST /api/qrcodes', ok(aCode({ id: 'c-9', name: 'Table menu' }), 201));
    const sut = renderScreen();
    const user = await fillIn('Table menu', 'https://example.com/menu');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));

    await waitFor(() => expect(sut.pathname()).toBe('/edit-qr/c-9'));
    expect(server.calls('POST /api/qrcodes')[0].body).toEqual({ name: 'Table menu', destinationUrl: 'https://example.com/menu' });
    expect(await screen.findByText('QR Code Created')).toBeInTheDocument();
    expect(server.calls('POST /api/purchase-qr-code')).toHaveLength(0);
  });

  it('says Creating... and cannot be sent twice while the code is created', async () => {
    const answer = deferred<Reply<ReturnType<typeof aCode>>>();
    server.on('POST /api/qrcodes', () => answer.promise);
    renderScreen();
    const user = await fillIn('Table menu', 'https://example.com/menu');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));

    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    answer.resolve(ok(aCode(), 201));
    await screen.findByText('QR Code Created');
    expect(server.calls('POST /api/qrcodes')).toHaveLength(1);
  });

  it("shows the server's message under the field and in a toast when creation fails", async () => {
    const message = 'The URL cannot be one of our own QR code short links.';
    server.on('POST /api/qrcodes', fail(400, { code: ErrorCode.Validation, message, fields: { destinationUrl: message } }));
    const sut = renderScreen();
    const user = await fillIn('Loop', 'https://qr.example.com/r/abc123');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));

    expect(await screen.findByText('Error Creating QR Code')).toBeInTheDocument();
    expect(screen.getByLabelText('Destination URL')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('button', { name: 'Create QR Code' })).toBeEnabled();
    expect(sut.pathname()).toBe('/create-qr');
  });

  it('asks before buying a seat for another code, then buys it and creates the code', async () => {
    server
      .on('GET /api/qrcodes', ok(aCodeCount(1)))
      .on('GET /api/subscription', ok(aSubscription({ seats: 1, seatsUsed: 1 })))
      .on('POST /api/purchase-qr-code', ok({ charged: true, amountChargedCents: 120, subscription: aSubscription({ seats: 2, seatsUsed: 1 }) }))
      .on('POST /api/qrcodes', ok(aCode({ id: 'c-2', name: 'Flyer' }), 201));
    const sut = renderScreen();
    const user = await fillIn('Flyer', 'https://example.com/flyer');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another QR code?' });
    expect(dialog).toHaveTextContent('Your new total will be 2 × $3.49 = $6.98 per month');
    expect(server.calls('POST /api/purchase-qr-code')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm and create' }));

    await waitFor(() => expect(sut.pathname()).toBe('/edit-qr/c-2'));
    expect(server.calls('POST /api/purchase-qr-code')[0].body).toEqual({ name: 'Flyer', price: 3.49 });
    expect(server.calls('POST /api/qrcodes')).toHaveLength(1);
    expect(await screen.findByText('QR Code Purchase Confirmed')).toBeInTheDocument();
  });

  it('creates nothing when the seat purchase fails', async () => {
    server
      .on('GET /api/qrcodes', ok(aCodeCount(1)))
      .on('GET /api/subscription', ok(aSubscription({ seats: 1, seatsUsed: 1 })))
      .on('POST /api/purchase-qr-code', fail(402, { code: ErrorCode.PaymentFailed, message: 'Your card was declined.' }));
    const sut = renderScreen();
    const user = await fillIn('Flyer', 'https://example.com/flyer');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and create' }));

    expect(await screen.findByText('Payment Processing Error')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /api/qrcodes')).toHaveLength(0);
    expect(sut.pathname()).toBe('/create-qr');
  });

  it('sends the same Idempotency-Key when a failed purchase is tried again', async () => {
    let attempt = 0;
    server
      .on('GET /api/qrcodes', ok(aCodeCount(1)))
      .on('GET /api/subscription', ok(aSubscription({ seats: 1, seatsUsed: 1 })))
      .on('POST /api/purchase-qr-code', () => {
        attempt += 1;
        return attempt === 1
          ? fail(504, { code: ErrorCode.Timeout, message: 'The billing-service did not answer in time' })
          : ok({ charged: true, amountChargedCents: 120, subscription: aSubscription({ seats: 2, seatsUsed: 1 }) });
      })
      .on('POST /api/qrcodes', ok(aCode({ id: 'c-2', name: 'Flyer' }), 201));
    const sut = renderScreen();
    const user = await fillIn('Flyer', 'https://example.com/flyer');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and create' }));
    expect(await screen.findByText('Payment Processing Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and create' }));
    await waitFor(() => expect(sut.pathname()).toBe('/edit-qr/c-2'));

    const keys = server.calls('POST /api/purchase-qr-code').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("runs the bank's 3-D Secure step when the seat's payment asks for it, then finishes the same purchase", async () => {
    let attempt = 0;
    server
      .on('GET /api/config', ok(aBillingConfig()))
      .on('GET /api/qrcodes', ok(aCodeCount(1)))
      .on('GET /api/subscription', ok(aSubscription({ seats: 1, seatsUsed: 1 })))
      .on('POST /api/purchase-qr-code', () => {
        attempt += 1;
        return attempt === 1
          ? ok({
              charged: false,
              amountChargedCents: 0,
              subscription: aSubscription({ seats: 1, seatsUsed: 1 }),
              authentication: { clientSecret: 'pi_seat_secret_1', amountCents: 120 },
            })
          : ok({ charged: true, amountChargedCents: 120, subscription: aSubscription({ seats: 2, seatsUsed: 1 }), authentication: null });
      })
      .on('POST /api/test-payments/authenticate', ok({ status: 'succeeded', paymentIntentId: 'pi_seat', error: null, nextAction: null }))
      .on('POST /api/qrcodes', ok(aCode({ id: 'c-2', name: 'Flyer' }), 201));
    const sut = renderScreen();
    const user = await fillIn('Flyer', 'https://example.com/flyer');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and create' }));
    await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    expect(server.calls('POST /api/qrcodes')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Complete authentication' }));

    await waitFor(() => expect(sut.pathname()).toBe('/edit-qr/c-2'));
    expect(server.calls('POST /api/test-payments/authenticate')[0].body).toEqual({ clientSecret: 'pi_seat_secret_1', approve: true });
    const keys = server.calls('POST /api/purchase-qr-code').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('QR Code Purchase Confirmed')).toBeInTheDocument();
  });

  it('creates nothing when the 3-D Secure step fails, and says why', async () => {
    server
      .on('GET /api/config', ok(aBillingConfig()))
      .on('GET /api/qrcodes', ok(aCodeCount(1)))
      .on('GET /api/subscription', ok(aSubscription({ seats: 1, seatsUsed: 1 })))
      .on(
        'POST /api/purchase-qr-code',
        ok({
          charged: false,
          amountChargedCents: 0,
          subscription: aSubscription({ seats: 1, seatsUsed: 1 }),
          authentication: { clientSecret: 'pi_seat_secret_2', amountCents: 120 },
        }),
      )
      .on(
        'POST /api/test-payments/authenticate',
        ok({
          status: 'requires_payment_method',
          paymentIntentId: 'pi_seat',
          error: { code: 'payment_intent_authentication_failure', declineCode: null, message: 'We are unable to authenticate your payment method.' },
          nextAction: null,
        }),
      );
    const sut = renderScreen();
    const user = await fillIn('Flyer', 'https://example.com/flyer');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and create' }));
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));

    expect(await screen.findByText('We are unable to authenticate your payment method.')).toBeInTheDocument();
    expect(server.calls('POST /api/purchase-qr-code')).toHaveLength(1);
    expect(server.calls('POST /api/qrcodes')).toHaveLength(0);
    expect(sut.pathname()).toBe('/create-qr');
  });

  it('takes a seat that is paid but unused without asking', async () => {
    server
      .on('GET /api/qrcodes', ok(aCodeCount(1)))
      .on('GET /api/subscription', ok(aSubscription({ seats: 2, seatsUsed: 1 })))
      .on('POST /api/qrcodes', ok(aCode({ id: 'c-2' }), 201));
    const sut = renderScreen();
    const user = await fillIn('Flyer', 'https://example.com/flyer');

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));

    await waitFor(() => expect(sut.pathname()).toBe('/edit-qr/c-2'));
    expect(server.calls('POST /api/purchase-qr-code')).toHaveLength(0);
  });

  describe('custom short link', () => {
    jest.setTimeout(20_000);

    it('says whether the chosen short link is free once typing pauses, and creates the code with it', async () => {
      server
        .on('GET /api/qrcodes/slug-availability', (req) =>
          req.query.get('slug') === 'taken-one'
            ? ok({ slug: 'taken-one', available: false, reason: 'This short link is already taken: choose another' })
            : ok({ slug: 'spring-menu', available: true }),
        )
        .on('POST /api/qrcodes', ok(aCode({ id: 'c-9', name: 'Table menu', slug: 'spring-menu' }), 201));
      renderScreen();
      const user = await fillIn('Table menu', 'https://example.com/menu');
      const slug = screen.getByLabelText('Custom short link (optional)');

      fireEvent.change(slug, { target: { value: 'taken-one' } });
      expect(await screen.findByText('This short link is already taken: choose another')).toBeInTheDocument();
      fireEvent.change(slug, { target: { value: 'spring-menu' } });
      expect(await screen.findByText('spring-menu is available. It can never change once the code is printed.')).toBeInTheDocument();
      expect(server.calls('GET /api/qrcodes/slug-availability').map((c) => c.query.get('slug'))).toEqual(['taken-one', 'spring-menu']);

      await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
      await waitFor(() => expect(server.calls('POST /api/qrcodes')[0]?.body).toEqual({ name: 'Table menu', destinationUrl: 'https://example.com/menu', slug: 'spring-menu' }));
    });

    it('explains a reserved word before asking the server', async () => {
      server.on('GET /api/qrcodes/slug-availability', ok({ slug: 'admin', available: false, reason: 'This short link is reserved: choose another' }));
      renderScreen();
      const user = await fillIn('Table menu', 'https://example.com/menu');
      fireEvent.change(screen.getByLabelText('Custom short link (optional)'), { target: { value: 'admin' } });
      await user.click(screen.getByRole('button', { name: 'Create QR Code' }));

      expect(await screen.findByText('This short link is reserved: choose another')).toBeInTheDocument();
      expect(server.calls('POST /api/qrcodes')).toHaveLength(0);
    });
  });
});
