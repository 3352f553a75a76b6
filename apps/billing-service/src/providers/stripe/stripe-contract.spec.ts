import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { cardOf, fromStripeSubscription, invoiceClientSecret, invoiceSubscriptionId } from './stripe-mapping';

/**
 * Contract test: our reading of Stripe's objects accepts Stripe's own published examples
 * (../shared/stripe/fixtures3.json beside the clone, from Stripe's OpenAPI repository).
 */
const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', '..', 'shared', 'stripe', 'fixtures3.json');
const present = existsSync(FIXTURES);
if (!present) {
  console.warn(`Stripe contract test skipped: ${FIXTURES} is absent (CI keeps it beside the clone).`);
}

interface Fixtures {
  resources: {
    subscription: Stripe.Subscription;
    subscription_item: Stripe.SubscriptionItem;
    invoice: Stripe.Invoice;
    payment_method: Stripe.PaymentMethod;
    event: Stripe.Event;
  };
}

(present ? describe : describe.skip)("Stripe's published example objects", () => {
  const { resources } = (present ? JSON.parse(readFileSync(FIXTURES, 'utf8')) : { resources: {} }) as Fixtures;

  it('reads a subscription: status, quantity, price, period end on the item (API basil)', () => {
    const sub = resources.subscription;
    const item = sub.items.data[0];
    expect(fromStripeSubscription(sub, 1_700_000_000)).toEqual({
      id: sub.id,
      customerId: sub.customer,
      status: sub.status,
      interval: item.price.recurring?.interval === 'year' ? 'annual' : 'monthly',
      seats: item.quantity,
      unitAmountCents: item.price.unit_amount,
      currency: item.price.currency,
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: true,
      card: null,
      latestInvoiceId: typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? null),
      created: new Date(sub.created * 1000),
      readAt: 1_700_000_000,
    });
  });

  it('reads the subscription of an invoice and its confirmation secret', () => {
    expect(invoiceSubscriptionId(resources.invoice)).toBe(resources.invoice.parent?.subscription_details?.subscription);
    expect(invoiceClientSecret(resources.invoice)).toBeNull();
    expect(invoiceClientSecret({ ...resources.invoice, confirmation_secret: { client_secret: 'pi_1_secret_2', type: 'payment_intent' } })).toBe(
      'pi_1_secret_2',
    );
  });

  it('reads the card of a payment method', () => {
    const card = resources.payment_method.card;
    expect(cardOf(resources.payment_method)).toEqual({ brand: card?.brand, last4: card?.last4 });
  });

  it("verifies Stripe's example event when signed with the package's test helper", () => {
    const stripe = new Stripe('sk_test_contract');
    const payload = JSON.stringify(resources.event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_contract' });
    const event = stripe.webhooks.constructEvent(payload, signature, 'whsec_contract');
    expect(event.id).toBe(resources.event.id);
    expect(() => stripe.webhooks.constructEvent(payload, signature, 'whsec_other')).toThrow();
  });
});
