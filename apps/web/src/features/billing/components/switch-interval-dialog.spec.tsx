import { ErrorCode, type IntervalSwitchPreviewView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBillingConfig, aSubscription } from '../../../testing/fixtures';
import { fail, installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { SubscriptionPanel } from './subscription-panel';

function aPreview(overrides: Partial<IntervalSwitchPreviewView> = {}): IntervalSwitchPreviewView {
  return {
    interval: 'annual',
    seats: 2,
    unitAmountCents: 3490,
    periodAmountCents: 6980,
    creditCents: 512,
    amountDueNowCents: 6468,
    creditCarriedCents: 0,
    newPeriodEnd: '2027-01-20T10:00:00.000Z',
    periodEndSwitchAt: '2026-02-05T10:00:00.000Z',
    ...overrides,
  };
}

describe('Switching monthly <-> annual', () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/config', ok(aBillingConfig()))
      .on('GET /api/subscription', ok(aSubscription({ seats: 2, seatsUsed: 2, periodAmountCents: 698 })))
      .on('GET /api/subscription/switch-preview', ok(aPreview()));
  });

  it("shows the server's prorated amount and switches now", async () => {
    server.on('POST /api/subscription/switch', ok({
      amountChargedCents: 6468,
      subscription: aSubscription({ interval: 'annual', seats: 2, unitAmountCents: 3490, periodAmountCents: 6980 }),
    }));
    renderWithApp(<SubscriptionPanel />, { path: '/account' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Switch to annual billing' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to annual billing' });
    expect(await within(dialog).findByText('$34.90 per QR code per year')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Now: \$64\.68 due today/ })).toBeChecked();
    expect(dialog).toHaveTextContent('$69.80 for the first year, less $5.12 credit for the unused time of your current plan');
    expect(server.calls('GET /api/subscription/switch-preview')[0].query.get('interval')).toBe('annual');

    await user.click(within(dialog).getByRole('button', { name: 'Switch now and pay $64.68' }));

    expect(await screen.findByText('Switched to annual billing')).toBeInTheDocument();
    expect(server.calls('POST /api/subscription/switch')[0].body).toEqual({ interval: 'annual', when: 'now' });
    await waitFor(() => expect(screen.getByText('Annual plan, billed per QR code')).toBeInTheDocument());
  });

  it('schedules the switch for the period end with the keyboard, shows it and can keep the current plan', async () => {
    server.on('POST /api/subscription/switch', ok({ amountChargedCents: 0, subscription: aSubscription({ seats: 2, pendingInterval: 'annual' }) }));
    server.on('DELETE /api/subscription/switch', ok(aSubscription({ seats: 2 })));
    renderWithApp(<SubscriptionPanel />, { path: '/account' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Switch to annual billing' }));
    const now = await screen.findByRole('radio', { name: /Now:/ });
    now.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /At the end of the current period \(Feb 5, 2026\)/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Switch at period end' }));

    expect(await screen.findByText('Switch to annual billing scheduled')).toBeInTheDocument();
    expect(server.calls('POST /api/subscription/switch')[0].body).toEqual({ interval: 'annual', when: 'period_end' });
    expect(await screen.findByText(/Your plan switches to annual billing on Feb 5, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch to annual billing' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep monthly billing' }));
    expect(await screen.findByText('Switch cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Your plan switches to annual billing/)).not.toBeInTheDocument());
    expect(server.calls('DELETE /api/subscription/switch')).toHaveLength(1);
  });

  it('says why the price cannot be shown, and a refused card keeps the dialog open', async () => {
    server.on('GET /api/subscription/switch-preview', fail(409, { code: ErrorCode.Conflict, message: 'Please update your payment method before changing your billing interval.' }));
    renderWithApp(<SubscriptionPanel />, { path: '/account' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Switch to annual billing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please update your payment method before changing your billing interval.');
    expect(screen.getByRole('button', { name: 'Switch now' })).toBeDisabled();

    server.on('GET /api/subscription/switch-preview', ok(aPreview()));
    server.on('POST /api/subscription/switch', fail(402, { code: ErrorCode.PaymentFailed, message: 'Your card was declined.' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Switch now and pay $64.68' }));

    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Switch to annual billing' })).toBeInTheDocument();
  });
});
