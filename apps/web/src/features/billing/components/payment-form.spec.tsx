import { screen } from '@testing-library/react';
import { aBillingConfig } from '../../../testing/fixtures';
import { installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { PaymentForm } from './payment-form';

function stripeScripts(): Element[] {
  return [...document.querySelectorAll('script')].filter((script) => script.getAttribute('src')?.includes('js.stripe.com'));
}

describe(PaymentForm.name, () => {
  it('says "Test mode — no real charges" with the test provider, and never loads Stripe.js', async () => {
    installFetchStub().on('GET /api/config', ok(aBillingConfig({ provider: 'test', publishableKey: null })));

    renderWithApp(<PaymentForm clientSecret="pi_test_secret_0001" submitLabel="Pay" returnPath="/signup" onResult={() => undefined} />);

    expect(await screen.findByRole('note')).toHaveTextContent('Test mode — no real charges');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    // Stripe.js would add its script to the page as soon as it is imported.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stripeScripts()).toEqual([]);
  });
});
