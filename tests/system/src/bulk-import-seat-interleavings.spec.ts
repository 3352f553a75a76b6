import { randomUUID } from 'node:crypto';
import { BillingPattern, BulkImportView, QrPattern } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { BILLING_ENV, serviceBus, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { importDone, upload } from './bulk-import-fixtures';
import { TestSystem } from './harness';

/**
 * Bulk imports confirmed while single codes are created and deleted and seats bought: a confirmed
 * import's rows hold their seats until made, so every row gets one and the seats always cover the
 * codes and what imports hold.
 */
describe('bulk imports interleaved with creates, deletes and purchases', () => {
  let system: TestSystem;
  let bus: BullMqClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
    bus = serviceBus(system);
  });
  afterAll(async () => {
    await bus?.close();
    await system?.stop();
  });

  it('every imported row gets a seat and the seats always cover the codes', async () => {
    const { client } = await signUp(system);
    const userId = await userIdOf(client);
    const live: string[] = [];
    const problems: string[] = [];
    const seatsCoverCodes = async (when: string) => {
      const { count } = await bus.request(QrPattern.CountCodes, { userId });
      const { seats } = await bus.request(BillingPattern.Entitlement, { userId, codesInUse: 0 });
      if (count > seats) problems.push(`${when}: ${count} codes and held rows on ${seats} seats`);
    };
    const create = (n: number) => client.post('/api/qrcodes', { name: `Single ${n}`, destinationUrl: `https://example.com/single/${n}` });
    const single = async (round: number, op: number) => {
      const pick = Math.random();
      if (pick < 0.4) {
        const res = await create(round * 10 + op);
        if (res.status === 201) live.push(res.json.id);
        else if (res.status !== 402) problems.push(`create answered ${res.status}`);
      } else if (pick < 0.7 && live.length > 0) {
        const id = live.splice(Math.floor(Math.random() * live.length), 1)[0];
        const res = await client.delete(`/api/qrcodes/${id}`);
        if (res.status !== 204) problems.push(`delete answered ${res.status}`);
      } else {
        await bus.request(BillingPattern.PurchaseSeat, { userId, expectedUnitAmountCents: null, idempotencyKey: randomUUID() });
      }
    };
    const rounds = 20;
    for (let round = 0; round < rounds; round++) {
      const draft = (await upload(client, `name,destination\r\nRow ${round} a,https://example.com/${round}/a\r\nRow ${round} b,https://example.com/${round}/b\r\n`))
        .json as BulkImportView;
      const [confirmed] = await Promise.all([
        client.post(`/api/imports/${draft.id}/confirm`, {}),
        ...[0, 1, 2].map(async (op) => {
          await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20)));
          await single(round, op);
        }),
        seatsCoverCodes(`round ${round}, in flight`),
      ]);
      if (confirmed.status !== 202) problems.push(`round ${round}: confirm answered ${confirmed.status}`);
      const done = await importDone(client, draft.id);
      if (done.progress?.created !== 2) problems.push(`round ${round}: the import made ${done.progress?.created} of 2 codes`);
      await seatsCoverCodes(`round ${round}, after`);
    }
    expect(problems).toEqual([]);
    const sub = await subscriptionOf(client);
    expect(sub.seatsUsed).toBe(live.length + rounds * 2);
    expect(sub.seatsUsed).toBeLessThanOrEqual(sub.seats);
  }, 240_000);
});
