import { randomUUID } from 'node:crypto';
import { BillingPattern, DomainError, ErrorCode, QrPattern } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { BILLING_ENV, serviceBus } from './billing-fixtures';
import { TestSystem } from './harness';
import { subscribedCustomer } from './qr-fixtures';

const USERS = 4;
const ROUNDS_PER_USER = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator, so a failing run can be replayed from the seed it prints. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Op = 'create' | 'delete' | 'purchase';

/** What one owner did and was told, as the owner would keep track of it. */
interface Ledger {
  userId: string;
  live: Set<string>;
  /** Seats the owner paid for: the first with the subscription, then one per charged purchase. */
  paidSeats: number;
  problems: string[];
  ops: Record<Op | 'refused', number>;
  /** What the operations of the current round were answered (named in a problem found after it). */
  answers: string[];
}

/**
 * Seats are exact under any interleaving of creating, deleting and buying: a code is made only
 * on a seat, a seat once paid stays until the period ends (none lost, none appearing), and every
 * paid seat can be used.
 */
describe('billing: seats under random interleavings of create, delete and purchase', () => {
  let system: TestSystem;
  let bus: BullMqClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
    bus = serviceBus(system);
  }, 60_000);
  afterAll(async () => {
    await bus?.close();
    await system?.stop();
  });

  async function liveCodes(userId: string): Promise<number> {
    return (await bus.request(QrPattern.CountCodes, { userId })).count;
  }

  /** The subscription's seats as billing holds them (the entitlement answers them without asking the qr-service). */
  async function seatsOf(userId: string): Promise<number> {
    return (await bus.request(BillingPattern.Entitlement, { userId, codesInUse: 0 })).seats;
  }

  /** Codes counted first, seats read after: seats never shrink within a period, so codes <= seats must hold. */
  async function seatsCoverCodes(ledger: Ledger, when: string): Promise<void> {
    const codes = await liveCodes(ledger.userId);
    const seats = await seatsOf(ledger.userId);
    if (codes > seats) ledger.problems.push(`${when}: ${codes} live codes on ${seats} seats`);
  }

  async function run(ledger: Ledger, op: Op, random: () => number): Promise<void> {
    ledger.ops[op] += 1;
    if (op === 'create') {
      try {
        const code = await bus.request(QrPattern.CreateCode, { userId: ledger.userId, name: 'Seat test', destinationUrl: 'https://example.com/seat' });
        ledger.live.add(code.id);
        ledger.answers.push('create: made');
      } catch (error) {
        ledger.answers.push(`create: ${String(error)}`);
        if (error instanceof DomainError && error.code === ErrorCode.PaymentRequired) ledger.ops.refused += 1;
        else ledger.problems.push(`create failed: ${String(error)}`);
      }
    } else if (op === 'delete') {
      const ids = [...ledger.live];
      if (ids.length === 0) return;
      const id = ids[Math.floor(random() * ids.length)];
      ledger.live.delete(id);
      try {
        await bus.request(QrPattern.DeleteCode, { userId: ledger.userId, codeId: id });
      } catch (error) {
        // Two deletions of the same code in one round: the second finds it gone.
        if (!(error instanceof DomainError && error.code === ErrorCode.NotFound)) ledger.problems.push(`delete failed: ${String(error)}`);
      }
    } else {
      try {
        const result = await bus.request(BillingPattern.PurchaseSeat, { userId: ledger.userId, expectedUnitAmountCents: null, idempotencyKey: randomUUID() });
        if (result.charged) ledger.paidSeats += 1;
        ledger.answers.push(`purchase: ${result.charged ? 'charged' : 'free seat'}, ${result.subscription.seats} seats`);
      } catch (error) {
        ledger.problems.push(`purchase failed: ${String(error)}`);
      }
    }
  }

  /** One interleaving: a few operations started at random moments, all in flight together. */
  async function round(ledger: Ledger, random: () => number, index: number): Promise<void> {
    ledger.answers = [];
    const count = 3 + Math.floor(random() * 4);
    const ops: Op[] = Array.from({ length: count }, () => {
      const r = random();
      return r < 0.45 ? 'create' : r < 0.75 ? 'delete' : 'purchase';
    });
    await Promise.all([
      ...ops.map(async (op) => {
        await sleep(Math.floor(random() * 15));
        await run(ledger, op, random);
      }),
      // Read while they are in flight too.
      (async () => {
        await sleep(Math.floor(random() * 15));
        await seatsCoverCodes(ledger, `round ${index}, in flight`);
      })(),
    ]);
    await seatsCoverCodes(ledger, `round ${index}, after (${ledger.answers.join('; ')})`);
    const [codes, seats] = [await liveCodes(ledger.userId), await seatsOf(ledger.userId)];
    if (codes !== ledger.live.size) ledger.problems.push(`round ${index}: ${codes} live codes, ${ledger.live.size} acknowledged`);
    if (seats !== ledger.paidSeats) ledger.problems.push(`round ${index}: ${seats} seats, ${ledger.paidSeats} paid for (${ledger.answers.join('; ')})`);
  }

  it(`keeps seats = seats paid and live codes <= seats over ${USERS * ROUNDS_PER_USER} interleavings, and every paid seat stays usable`, async () => {
    const seed = Date.now();
    const started = Date.now();
    const ledgers: Ledger[] = [];
    for (let i = 0; i < USERS; i++) {
      const { user } = await subscribedCustomer(system);
      ledgers.push({ userId: user.id, live: new Set(), paidSeats: 1, problems: [], ops: { create: 0, delete: 0, purchase: 0, refused: 0 }, answers: [] });
    }
    // One owner at a time: the races that matter are those of one owner's seats. (Many owners at
    // once can fill every worker of both services with requests waiting on the other service.)
    for (const [i, ledger] of ledgers.entries()) {
      const random = generator(seed + i);
      for (let r = 0; r < ROUNDS_PER_USER; r++) await round(ledger, random, r);
    }

    // Every seat paid for and not used takes a code now, and not one more.
    for (const ledger of ledgers) {
      const free = ledger.paidSeats - ledger.live.size;
      for (let i = 0; i < free; i++) {
        try {
          const code = await bus.request(QrPattern.CreateCode, { userId: ledger.userId, name: 'Seat test', destinationUrl: 'https://example.com/seat' });
          ledger.live.add(code.id);
        } catch (error) {
          ledger.problems.push(`a paid seat could not take a code: ${String(error)} (seats ${await seatsOf(ledger.userId)}, codes ${await liveCodes(ledger.userId)})`);
        }
      }
      const refusedBefore = ledger.ops.refused;
      await run(ledger, 'create', Math.random);
      if (ledger.ops.refused !== refusedBefore + 1) ledger.problems.push('a code was created beyond the seats paid');
      const codes = await liveCodes(ledger.userId);
      if (codes !== ledger.paidSeats) ledger.problems.push(`after filling: ${codes} codes on ${ledger.paidSeats} paid seats`);
    }

    const totals = ledgers.reduce(
      (sum, l) => ({ create: sum.create + l.ops.create, delete: sum.delete + l.ops.delete, purchase: sum.purchase + l.ops.purchase, refused: sum.refused + l.ops.refused }),
      { create: 0, delete: 0, purchase: 0, refused: 0 },
    );
    console.log(JSON.stringify({ seed, interleavings: USERS * ROUNDS_PER_USER, ...totals, seconds: (Date.now() - started) / 1000 }));
    expect(ledgers.flatMap((l) => l.problems.map((p) => `user ${l.userId}: ${p}`))).toEqual([]);
    // The interleavings did exercise refusals and purchases, not only the easy path.
    expect(totals.refused).toBeGreaterThan(0);
    expect(totals.purchase).toBeGreaterThan(0);
  }, 300_000);
});
