import { QrPattern } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { newUser, signIn } from './accounts-fixtures';
import { BILLING_ENV, serviceBus, subscriptionOf } from './billing-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { api, createApiKey } from './public-api-fixtures';
import { Customer, subscribedCustomer } from './qr-fixtures';
import { settled } from './settled';

/** A paid seat stays the customer's until the period ends: deleting a code leaves it free for the next one. */
describe('billing: seats stay exact through delete and create (through nginx)', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let bus: BullMqClient;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { ...BILLING_ENV, RATE_LIMIT_API_KEY_PER_MINUTE: '100000' } });
    door = await startFrontDoor(system);
    bus = serviceBus(system);
  }, 60_000);
  afterAll(async () => {
    await bus?.close();
    await door?.stop();
    await system?.stop();
  });

  /** A subscriber with one code and one more seat bought: one free seat. */
  async function withOneFreeSeat(): Promise<{ owner: Customer; key: string }> {
    const owner = await subscribedCustomer(system);
    const key = (await createApiKey(owner.client, { scope: 'write' })).key;
    expect((await api(door, key, 'POST', '/api/v1/codes', { name: 'First', destinationUrl: 'https://example.com/first' })).status).toBe(201);
    const bought = await owner.client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(bought.json).toMatchObject({ charged: true, subscription: { seats: 2, seatsUsed: 1 } });
    return { owner, key };
  }

  /** Once everything that follows from the last change has happened (outboxes delivered, queues empty), the seats cover the codes. */
  async function expectSeatsSettle(owner: Customer, expected: { seats: number; seatsUsed: number }): Promise<void> {
    await settled(system);
    expect(await subscriptionOf(owner.client)).toMatchObject(expected);
  }

  it('create X, delete X, create Y at once: both codes are made and the two seats still cover the two live codes', async () => {
    const { owner, key } = await withOneFreeSeat();
    const x = await api(door, key, 'POST', '/api/v1/codes', { name: 'X', destinationUrl: 'https://example.com/x' });
    expect(x.status).toBe(201);
    expect((await api(door, key, 'DELETE', `/api/v1/codes/${x.json.id}`)).status).toBe(204);
    const y = await api(door, key, 'POST', '/api/v1/codes', { name: 'Y', destinationUrl: 'https://example.com/y' });
    expect(y.status).toBe(201);

    await expectSeatsSettle(owner, { seats: 2, seatsUsed: 2 });
    expect((await bus.request(QrPattern.CountCodes, { userId: owner.user.id })).count).toBe(2);
  });

  it('a deleted code leaves its paid seat free until the period ends: the next code uses it without a new charge', async () => {
    const { owner, key } = await withOneFreeSeat();
    const x = await api(door, key, 'POST', '/api/v1/codes', { name: 'X', destinationUrl: 'https://example.com/x' });
    expect((await api(door, key, 'DELETE', `/api/v1/codes/${x.json.id}`)).status).toBe(204);
    await expectSeatsSettle(owner, { seats: 2, seatsUsed: 1 });
    // Reconciliation settles renewals only: the first payment (incomplete -> active) was none.
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    expect((await admin.post('/api/admin/reconcile')).status).toBe(200);
    expect(await subscriptionOf(owner.client)).toMatchObject({ seats: 2, seatsUsed: 1 });

    const again = await owner.client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(again.json).toMatchObject({ charged: false, amountChargedCents: 0, subscription: { seats: 2, seatsUsed: 1 } });
    expect((await api(door, key, 'POST', '/api/v1/codes', { name: 'Z', destinationUrl: 'https://example.com/z' })).status).toBe(201);
    const refused = await api(door, key, 'POST', '/api/v1/codes', { name: 'No seat', destinationUrl: 'https://example.com/none' });
    expect(refused.status).toBe(402);
    expect(await subscriptionOf(owner.client)).toMatchObject({ seats: 2, seatsUsed: 2 });
  });
});
