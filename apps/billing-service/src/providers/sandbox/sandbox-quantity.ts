import { DomainError, ErrorCode } from '@qrd/contracts';
import {
  chargeSavedCard,
  createInvoice,
  dropPendingUpdate,
  markInvoicePaid,
  pendingPaymentOf,
  prorationLine,
  saveSubscription,
  TpPendingPayment,
} from './sandbox-billing-cycle';
import { INCOMPLETE_EXPIRY_SECONDS, type TpSubscription, type Unix } from './sandbox-objects';
import type { SandboxStore } from './sandbox-store';

/**
 * A new quantity, prorated to the second like Stripe's always_invoice with pending_if_incomplete:
 * more seats are charged now and kept only if paid; fewer seats become a credit for the next invoice.
 * When the bank asks the customer to authenticate the charge, the change waits as a pending update
 * (applied once that payment succeeds) and the payment to authenticate is answered.
 */
export async function changeQuantity(
  store: SandboxStore,
  sub: TpSubscription,
  quantity: number,
  now: Unix,
): Promise<{ subscription: TpSubscription; amountCharged: number; pendingPayment: TpPendingPayment | null }> {
  if (sub.status !== 'active' && sub.status !== 'trialing' && sub.status !== 'past_due') {
    throw new DomainError(ErrorCode.Conflict, `A ${sub.status} subscription cannot change its quantity`);
  }
  await dropPendingUpdate(store, sub);
  const customer = await store.require('customer', sub.customer);
  const remaining = Math.max(0, sub.current_period_end - now);
  const period = Math.max(1, sub.current_period_end - sub.current_period_start);
  const prorated = (seats: number) => Math.round((sub.price.unit_amount * seats * remaining) / period);
  let amountCharged = 0;
  if (quantity > sub.quantity) {
    const added = quantity - sub.quantity;
    let amount = prorated(added);
    const line = prorationLine(sub, added, amount, now);
    const used = customer.balance < 0 ? Math.min(-customer.balance, amount) : 0;
    amount -= used;
    const balance = customer.balance + used;
    if (amount > 0) {
      const invoice = await createInvoice(store, sub, 'subscription_update', amount, now, { lines: [line], creditApplied: used });
      const charge = await chargeSavedCard(store, customer, invoice, now, true);
      if (charge === 'requires_action') {
        sub.pending_update = { invoice: invoice.id, expires_at: now + INCOMPLETE_EXPIRY_SECONDS, changes: { quantity }, balance };
        sub.latest_invoice = invoice.id;
        await saveSubscription(store, sub);
        return { subscription: sub, amountCharged: 0, pendingPayment: await pendingPaymentOf(store, invoice) };
      }
      if (charge) {
        // The update stays pending and lapses: nothing changes but a void invoice.
        await store.save({ ...invoice, status: 'void' });
        throw new DomainError(ErrorCode.PaymentFailed, charge.message);
      }
      await markInvoicePaid(store, invoice, sub);
      sub.latest_invoice = invoice.id;
      amountCharged = amount;
    }
    if (balance !== customer.balance) {
      customer.balance = balance;
      await store.save(customer);
    }
  } else if (quantity < sub.quantity) {
    customer.balance -= prorated(sub.quantity - quantity);
    await store.save(customer);
  }
  sub.quantity = quantity;
  await saveSubscription(store, sub);
  return { subscription: sub, amountCharged, pendingPayment: null };
}
