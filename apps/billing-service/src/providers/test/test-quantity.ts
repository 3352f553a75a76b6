import { DomainError, ErrorCode } from '@qrd/contracts';
import { chargeOffSession, createInvoice, markInvoicePaid, prorationLine, saveSubscription } from './test-billing-cycle';
import type { TpSubscription, Unix } from './test-objects';
import type { TestStore } from './test-store';

/**
 * A new quantity, prorated to the second like Stripe's always_invoice with pending_if_incomplete:
 * more seats are charged now and kept only if paid; fewer seats become a credit for the next invoice.
 */
export async function changeQuantity(
  store: TestStore,
  sub: TpSubscription,
  quantity: number,
  now: Unix,
): Promise<{ subscription: TpSubscription; amountCharged: number }> {
  if (sub.status !== 'active' && sub.status !== 'trialing' && sub.status !== 'past_due') {
    throw new DomainError(ErrorCode.Conflict, `A ${sub.status} subscription cannot change its quantity`);
  }
  const customer = await store.require('customer', sub.customer);
  const remaining = Math.max(0, sub.current_period_end - now);
  const period = Math.max(1, sub.current_period_end - sub.current_period_start);
  const prorated = (seats: number) => Math.round((sub.price.unit_amount * seats * remaining) / period);
  let amountCharged = 0;
  if (quantity > sub.quantity) {
    const added = quantity - sub.quantity;
    let amount = prorated(added);
    const line = prorationLine(sub, added, amount, now);
    let used = 0;
    if (customer.balance < 0) {
      used = Math.min(-customer.balance, amount);
      customer.balance += used;
      amount -= used;
      await store.save(customer);
    }
    if (amount > 0) {
      const invoice = await createInvoice(store, sub, 'subscription_update', amount, now, { lines: [line], creditApplied: used });
      const error = await chargeOffSession(store, customer, invoice, now);
      if (error) {
        // The update stays pending and lapses: nothing changes but a void invoice.
        await store.save({ ...invoice, status: 'void' });
        throw new DomainError(ErrorCode.PaymentFailed, error.message);
      }
      await markInvoicePaid(store, invoice, sub);
      sub.latest_invoice = invoice.id;
      amountCharged = amount;
    }
  } else if (quantity < sub.quantity) {
    customer.balance -= prorated(sub.quantity - quantity);
    await store.save(customer);
  }
  sub.quantity = quantity;
  await saveSubscription(store, sub);
  return { subscription: sub, amountCharged };
}
