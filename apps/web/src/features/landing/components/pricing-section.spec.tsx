import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBillingConfig } from '../../../testing/fixtures';
import { deferred, fail, installFetchStub, ok, type Reply } from '../../../testing/fetch-stub';
import { ErrorCode, type BillingConfigView } from '@qrd/contracts';
import { renderWithApp } from '../../../testing/render';
import { forgetChosenCurrency } from '../../../lib/pricing';
import { FaqSection } from './faq-section';
import { Hero } from './hero';
import { PricingSection } from './pricing-section';

const CONFIGURED = aBillingConfig({
  prices: { monthly: { interval: 'monthly', unitAmountCents: 500 }, annual: { interval: 'annual', unitAmountCents: 4500 } },
});

function renderLanding() {
  return renderWithApp(
    <>
      <Hero />
      <PricingSection />
      <FaqSection />
    </>,
  );
}

describe('landing prices', () => {
  it('shows the prices the server is configured with, and the saving they make', async () => {
    installFetchStub().on('GET /api/config', ok(CONFIGURED)).on('GET /api/auth/user', fail(401, { code: ErrorCode.Unauthenticated, message: 'Not signed in' }));
    renderLanding();
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dynamic QR codes for $5.00' })).toBeInTheDocument();
    expect(document.querySelector('#pricing')).toHaveTextContent('$5.00per code per month');
    expect(screen.queryByText(/\$3\.49/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Annual' }));
    expect(await screen.findByText('3 MONTHS FREE')).toBeInTheDocument();
    expect(document.querySelector('#pricing')).toHaveTextContent('$45.00per code per year');

    await user.click(screen.getByRole('button', { name: 'How does pricing work?' }));
    expect(await screen.findByText(/You pay per code: \$5\.00 per QR code per month, or \$45\.00 per QR code per/)).toBeInTheDocument();
  });

  it('shows a placeholder, never a made-up price, while the prices load', async () => {
    const config = deferred<Reply<BillingConfigView>>();
    installFetchStub().on('GET /api/config', () => config.promise).on('GET /api/auth/user', fail(401, { code: ErrorCode.Unauthenticated, message: 'Not signed in' }));
    renderLanding();

    expect((await screen.findAllByText('Loading price')).length).toBeGreaterThan(2);
    expect(document.body.textContent).not.toMatch(/\$\d/);

    config.resolve(ok(CONFIGURED));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dynamic QR codes for $5.00' })).toBeInTheDocument();
    expect(screen.queryByText('Loading price')).not.toBeInTheDocument();
  });

  it("shows the visitor's currency, switchable on the pricing section and remembered in this browser", async () => {
    window.localStorage.removeItem('qrd.currency');
    forgetChosenCurrency();
    const config = aBillingConfig({
      currencies: ['usd', 'eur', 'gbp'],
      pricesByCurrency: {
        usd: CONFIGURED.prices,
        eur: { monthly: { interval: 'monthly', unitAmountCents: 329 }, annual: { interval: 'annual', unitAmountCents: 3290 } },
        gbp: { monthly: { interval: 'monthly', unitAmountCents: 299 }, annual: { interval: 'annual', unitAmountCents: 2990 } },
      },
    });
    installFetchStub().on('GET /api/config', ok(config)).on('GET /api/auth/user', fail(401, { code: ErrorCode.Unauthenticated, message: 'Not signed in' }));
    renderLanding();
    const user = userEvent.setup();

    // An American English browser sees dollars first.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dynamic QR codes for $5.00' })).toBeInTheDocument();
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('usd');

    await user.selectOptions(currency, 'eur');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dynamic QR codes for €3.29' })).toBeInTheDocument();
    expect(document.querySelector('#pricing')).toHaveTextContent('€3.29per code per month');
    expect(window.localStorage.getItem('qrd.currency')).toBe('eur');

    await user.selectOptions(currency, 'gbp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dynamic QR codes for £2.99' })).toBeInTheDocument();
    window.localStorage.removeItem('qrd.currency');
    forgetChosenCurrency();
  });
});
