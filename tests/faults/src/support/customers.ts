import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { QrCodeView } from '@qrd/contracts';
import { TestHttpClient } from '@qrd/testing';

export const PASSWORD = 'Correct-horse-1';

export interface Customer {
  client: TestHttpClient;
  userId: string;
  username: string;
  signIn(): Promise<void>;
}

let sequence = 0;

/** Signup as the browser does it with the test card processor: payment, confirmation, account. */
export async function signUp(baseUrl: string): Promise<Customer> {
  sequence += 1;
  const username = `faults${sequence}_${randomUUID().slice(0, 8)}`;
  const client = new TestHttpClient(baseUrl, new URL(baseUrl).origin);
  const details = { username, email: `${username}@example.com`, billingInterval: 'monthly' };
  const started = await client.post('/api/create-signup-payment-intent', details);
  if (started.status !== 200) throw new Error(`create-signup-payment-intent answered ${started.status}: ${started.text}`);
  const setup = started.json as { clientSecret: string; customerId: string; subscriptionId: string };
  const confirmed = await client.post('/api/test-payments/confirm', { clientSecret: setup.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  if (confirmed.status !== 200) throw new Error(`test-payments/confirm answered ${confirmed.status}: ${confirmed.text}`);
  const registered = await client.post('/api/register', { ...details, password: PASSWORD, stripeCustomerId: setup.customerId, stripeSubscriptionId: setup.subscriptionId });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const me = await client.get('/api/auth/user');
  const signIn = async () => {
    const res = await client.post('/api/login', { username, password: PASSWORD });
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  };
  return { client, userId: (me.json as { id: string }).id, username, signIn };
}

/** A seat bought and a code created on it, as the create screen does. */
export async function buyCode(customer: Customer, destinationUrl: string): Promise<QrCodeView> {
  const bought = await customer.client.post('/api/purchase-qr-code', { name: 'Menu' }, { 'Idempotency-Key': `faults-${randomUUID()}` });
  if (bought.status !== 200) throw new Error(`purchase answered ${bought.status}: ${bought.text}`);
  const created = await customer.client.post('/api/qrcodes', { name: 'Menu', destinationUrl });
  if (created.status !== 201 && created.status !== 200) throw new Error(`create answered ${created.status}: ${created.text}`);
  return created.json as unknown as QrCodeView;
}

/** Makes the customer an admin (straight in the database, as `npm run create-admin` would). */
export async function promoteToAdmin(db: Pool, customer: Customer): Promise<void> {
  await db.query(`UPDATE auth.users SET role = 'admin' WHERE id = $1`, [customer.userId]);
  await customer.signIn();
}
