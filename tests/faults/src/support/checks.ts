import { Pool } from 'pg';
import { CustomerLoad, PHONE } from './load';
import { sleep } from './ports';

interface CodeRow {
  id: string;
  slug: string;
  destination: string;
  state: string;
}

async function codesOf(db: Pool, ownerId: string): Promise<Map<string, CodeRow>> {
  const { rows } = await db.query<CodeRow>('SELECT id, slug, destination, state FROM qr.codes WHERE owner_id = $1 AND deleted_at IS NULL', [ownerId]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Seats of the user's live subscription. */
export async function seatsOf(db: Pool, userId: string): Promise<number> {
  const { rows } = await db.query<{ seats: number }>(
    `SELECT s.seats FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
      WHERE c.user_id = $1 AND s.status IN ('active', 'trialing', 'past_due') ORDER BY s.provider_created_at DESC LIMIT 1`,
    [userId],
  );
  return rows[0]?.seats ?? 0;
}

export async function storedScans(db: Pool, codeIds: string[]): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM qr.scans WHERE code_id = ANY($1::uuid[])', [codeIds]);
  return Number(rows[0].n);
}

export async function redirectOf(baseUrl: string, slug: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(`${baseUrl}/r/${slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE }, signal: AbortSignal.timeout(5000) });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/**
 * What one customer's browser was told against what PostgreSQL, the redirect table and billing now
 * hold. Returns the problems found (none is the pass). Writes that had no clear answer are settled
 * from PostgreSQL afterwards, so the next check is exact again.
 */
export async function checkCustomer(db: Pool, baseUrl: string, load: CustomerLoad): Promise<string[]> {
  const problems: string[] = [];
  const rows = await codesOf(db, load.userId);
  for (const code of load.codes) {
    const row = rows.get(code.id);
    if (code.uncertain) {
      code.deleted = !row;
      if (row) code.destinationUrl = row.destination;
      code.uncertain = false;
    } else if (code.deleted && row) problems.push(`code ${code.slug}: its delete was acknowledged but it is still in PostgreSQL`);
    else if (!code.deleted && !row) problems.push(`code ${code.slug}: acknowledged, but gone from PostgreSQL`);
    else if (row && row.destination !== code.destinationUrl) problems.push(`code ${code.slug}: acknowledged destination ${code.destinationUrl} lost (PostgreSQL has ${row.destination})`);
  }
  const known = new Set(load.codes.map((c) => c.id));
  for (const row of rows.values()) {
    // Created by a request whose answer was lost: the browser did not learn of it, the product did.
    if (!known.has(row.id)) load.codes.push({ id: row.id, slug: row.slug, destinationUrl: row.destination, deleted: false, uncertain: false });
  }

  // The redirect table agrees with PostgreSQL for every code this customer ever had.
  for (const code of load.codes) {
    const row = rows.get(code.id);
    const answer = await redirectOf(baseUrl, code.slug);
    if (row?.state === 'active') {
      if (answer.status !== 302 || answer.location !== row.destination) problems.push(`code ${code.slug} (active in PostgreSQL) answered ${answer.status} ${answer.location ?? ''}`);
    } else if (answer.status === 302) {
      problems.push(`code ${code.slug} (${row ? row.state : 'deleted'} in PostgreSQL) still redirects to ${answer.location}`);
    }
  }

  // Seats = the seats paid (none lost, none appearing; a deleted code's seat stays until the
  // period ends), and they cover the codes held.
  const seats = await seatsOf(db, load.userId);
  const held = rows.size;
  if (load.seatsUncertain) {
    if (seats !== load.paidSeats && seats !== load.paidSeats + 1) problems.push(`user ${load.userId}: ${seats} seats, ${load.paidSeats} paid for`);
    load.paidSeats = seats;
    load.seatsUncertain = false;
  } else if (seats !== load.paidSeats) {
    problems.push(`user ${load.userId}: ${seats} seats, ${load.paidSeats} paid for`);
  }
  if (held > seats) problems.push(`user ${load.userId}: ${held} codes held on ${seats} seats`);
  return problems;
}

/** Polls until `read` returns at least `want` or the time is up; the last value read. */
export async function settle(read: () => Promise<number>, want: number, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (value < want && Date.now() < deadline) {
    await sleep(500);
    value = await read();
  }
  // A little longer: anything past `want` would be a scan stored twice.
  await sleep(1000);
  return read();
}

/**
 * `checkCustomer` until it finds nothing (events are applied shortly after the answer: a relay) or the time is up; the problems of the last attempt.
 */
export async function checkCustomerSettled(db: Pool, baseUrl: string, load: CustomerLoad, timeoutMs = 60_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const saved = { codes: structuredClone(load.codes), paidSeats: load.paidSeats, seatsUncertain: load.seatsUncertain };
    const problems = await checkCustomer(db, baseUrl, load);
    if (problems.length === 0 || Date.now() > deadline) return problems;
    load.codes.splice(0, load.codes.length, ...saved.codes);
    load.paidSeats = saved.paidSeats;
    load.seatsUncertain = saved.seatsUncertain;
    await sleep(2000);
  }
}
