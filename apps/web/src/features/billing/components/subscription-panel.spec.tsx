import { ErrorCode, type SubscriptionView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBillingConfig, aSubscription, noSubscription } from '../../../testing/fixtures';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { SubscriptionPanel } from './subscription-panel';

function renderPanel() {
  return renderWithApp(<SubscriptionPanel />, { path: '/account' });
}

describe(SubscriptionPanel.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/config', ok(aBillingConfig()))
      .on('GET /api/subscription', ok(aSubscription({ seats: 2, seatsUsed: 1, periodAmountCents: 698 })));
  });

  it('shows an active plan with its billing summary', async () => {
    renderPanel();

    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Monthly plan, billed per QR code')).toBeInTheDocument();
    expect(screen.getByText('$3.49 per QR code per month')).toBeInTheDocument();
    expect(screen.getByText('1 in use of 2 paid')).toBeInTheDocument();
    expect(screen.getByText('$6.98')).toBeInTheDocument();
    expect(screen.getByText('Feb 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Payment Method' })).toBeInTheDocument();
  });

  it("offers Subscribe Now, and no card change, without a subscription", async () => {
    server.on('GET /api/subscription', ok(noSubscription()));
    renderPanel();

    expect(await screen.findByText('Not active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Update Payment Method' })).not.toBeInTheDocument();
  });

  it('says when the subscription cannot be loaded and reads it again on request', async () => {
    server.on('GET /api/subscription', fail(503, { code: ErrorCode.Unavailable, message: 'Billing is not answering' }));
    renderPanel();
    const user = userEvent.setup();

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your subscription. Please try again later.');

    server.on('GET /api/subscription', ok(aSubscription()));
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('cancels at the period end after asking, and shows the end date', async () => {
    const cancelled = deferred<Reply<SubscriptionView>>();
    server.on('POST /api/subscription/cancel', () => cancelled.promise);
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(dialog).toHaveTextContent('If you cancel, your QR codes keep working until Feb 5, 2026.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel subscription' })).toBeDisabled());
    // The footer's Close is disabled; the corner's close button cannot close the dialog meanwhile.
    const [footerClose, cornerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(footerClose).toBeDisabled();
    await user.click(cornerClose);
    expect(dialog).toBeInTheDocument();
    cancelled.resolve(ok(aSubscription({ cancelAtPeriodEnd: true })));

    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Ends on')).toBeInTheDocument();
    expect(screen.getByText(/^Your subscription is cancelled and ends on/)).toHaveTextContent(
      'Your subscription is cancelled and ends on Feb 5, 2026. Your QR codes keep working until then.',
    );
  });

  it('keeps the dialog open and shows the error when cancelling fails', async () => {
    server.on('POST /api/subscription/cancel', fail(502, { code: ErrorCode.Unavailable, message: 'The payment provider is not answering' }));
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage Subscription' }));

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('The payment provider is not answering')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
  });

  it('takes a new test card and says which card pays from now on', async () => {
    server.on('POST /api/test-payments/card', ok(aSubscription({ card: { brand: 'mastercard', last4: '4444' } })));
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Payment Method' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Payment Method' });

    await user.type(within(dialog).getByLabelText('Card number'), '5555555555554444');
    await user.type(within(dialog).getByLabelText('Expiry'), '1234');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText('Payment method updated')).toBeInTheDocument();
    expect(screen.getByText('Mastercard ending in 4444 will be charged from now on.')).toBeInTheDocument();
    expect(server.calls('POST /api/test-payments/card')[0].body).toEqual({ cardNumber: '5555 5555 5555 4444', expiry: '12 / 34', cvc: '123' });
    await waitFor(() => expect(screen.getAllByText('Mastercard ending in 4444').length).toBeGreaterThan(0));
  });

  it('shows a declined card and keeps the dialog open', async () => {
    server.on('POST /api/test-payments/card', fail(402, { code: ErrorCode.PaymentFailed, message: 'Your card was declined.' }));
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Payment Method' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Payment Method' });
    await user.type(within(dialog).getByLabelText('Card number'), '4000000000000002');

    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update Payment Method' })).toBeInTheDocument();
  });
});
