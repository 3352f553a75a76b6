import { ErrorCode } from '@qrd/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBillingConfig, anOutcome, aPaymentSetup } from '../../../testing/fixtures';
import { fail, installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { SubscribeRoute } from './subscribe-route';

function renderScreen() {
  return renderWithApp(<SubscribeRoute />, { path: '/subscribe' });
}

/** The user comes back to the tab, the network drops and returns; then a moment for any refetch to start. */
async function returnToTab() {
  await act(async () => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe(SubscribeRoute.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/config', ok(aBillingConfig()))
      .on('POST /api/get-or-create-subscription', ({ query }) =>
        query.get('interval') === 'annual'
          ? ok(aPaymentSetup({ clientSecret: 'pi_annual_secret', interval: 'annual', amountCents: 3490 }))
          : ok(aPaymentSetup()),
      );
  });

  it('asks for a payment secret once on arrival, never again by itself, and again per interval change', async () => {
    renderScreen();
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Pay $3.49' })).toBeEnabled();
    await returnToTab();
    expect(server.calls('POST /api/get-or-create-subscription').map((call) => call.query.get('interval'))).toEqual(['monthly']);

    await user.click(screen.getByRole('tab', { name: 'Annual' }));

    expect(await screen.findByRole('button', { name: 'Pay $34.90' })).toBeInTheDocument();
    expect(screen.getByText(/1 QR code: \$34\.90 per year\./)).toBeInTheDocument();
    await returnToTab();
    expect(server.calls('POST /api/get-or-create-subscription').map((call) => call.query.get('interval'))).toEqual(['monthly', 'annual']);
  });

  it('says Preparing your payment... until the secret is there', async () => {
    renderScreen();

    expect(screen.getByText('Preparing your payment...')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $3.49' })).toBeInTheDocument();
    expect(screen.queryByText('Preparing your payment...')).not.toBeInTheDocument();
  });

  it('says the payment could not be initialised and asks again only on Try again', async () => {
    server.on('POST /api/get-or-create-subscription', fail(503, { code: ErrorCode.Unavailable, message: 'Billing is not answering' }));
    renderScreen();
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not initialize payment. Please try again.');
    await returnToTab();
    expect(server.calls('POST /api/get-or-create-subscription')).toHaveLength(1);

    server.on('POST /api/get-or-create-subscription', ok(aPaymentSetup()));
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Pay $3.49' })).toBeInTheDocument();
    expect(server.calls('POST /api/get-or-create-subscription')).toHaveLength(2);
  });

  it('has nothing to pay for an active subscription', async () => {
    server.on('POST /api/get-or-create-subscription', ok(aPaymentSetup({ clientSecret: null, status: 'active' })));
    renderScreen();

    expect(await screen.findByText('Your subscription is active: there is nothing to pay.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('goes to the dashboard once paid', async () => {
    server.on('POST /api/test-payments/confirm', ok(anOutcome('succeeded')));
    const sut = renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');

    await user.click(screen.getByRole('button', { name: 'Pay $3.49' }));

    await waitFor(() => expect(sut.pathname()).toBe('/dashboard'));
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(server.calls('POST /api/get-or-create-subscription')).toHaveLength(1);
  });

  it('shows a declined payment and stays', async () => {
    server.on('POST /api/test-payments/confirm', ok(anOutcome('requires_payment_method', 'Your card was declined.')));
    const sut = renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');

    await user.click(screen.getByRole('button', { name: 'Pay $3.49' }));

    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(sut.pathname()).toBe('/subscribe');
  });
});
