import { Queue } from 'bullmq';
import { Client } from 'pg';
import { ServiceQueue, UserRole, UserStatus } from '@qrd/contracts';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { decodeQuotedPrintable, queueDrained, ReceivedMail, TestHttpClient } from '@qrd/testing';
import { PasswordHasher } from '../../../apps/auth-service/src/users/password-hasher';
import { TestSystem } from './harness';

/** Fixtures of the account tests: users written straight to the auth schema, SQL, the mail queue. */

export const PASSWORD = 'Correct-horse-1';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

const hasher = new PasswordHasher();
let passwordHash: Promise<string> | undefined;

/** Runs one SQL statement against the system's test database. */
export async function sql<T extends object = Record<string, unknown>>(system: TestSystem, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: system.config.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

let sequence = 0;

/**
 * A user created directly in the auth schema (signup is the billing flow's business), so these
 * tests neither depend on it nor spend the signup rate limit.
 */
export async function newUser(
  system: TestSystem,
  fields: { username?: string; email?: string; role?: UserRole; status?: UserStatus } = {},
): Promise<TestUser> {
  sequence += 1;
  const username = fields.username ?? `user${sequence}_${Date.now().toString(36)}`;
  const email = fields.email ?? `${username.toLowerCase()}@example.com`;
  passwordHash ??= hasher.hash(PASSWORD);
  const [row] = await sql<{ id: string }>(
    system,
    'INSERT INTO auth.users (username, email, password_hash, role, status) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [username, email, await passwordHash, fields.role ?? 'user', fields.status ?? 'active'],
  );
  return { id: row.id, username, email, password: PASSWORD };
}

/** A browser signed in as the user. */
export async function signIn(system: TestSystem, user: Pick<TestUser, 'username' | 'password'>): Promise<TestHttpClient> {
  const client = system.client();
  const res = await client.post('/api/login', { username: user.username, password: user.password });
  if (res.status !== 200) throw new Error(`login of ${user.username} answered ${res.status}: ${res.text}`);
  return client;
}

/** Waits until the auth-service's mail queue has nothing waiting or running (mails are sent by then). */
export async function mailQueueDrained(system: TestSystem): Promise<void> {
  const queue = new Queue(ServiceQueue.Mail, {
    connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }),
    prefix: bullPrefix(system.config.redisPrefix),
  });
  try {
    await queueDrained(queue);
  } finally {
    await queue.close();
  }
}

/** The reset link of a received mail, from its plain-text part. */
export function resetLinkIn(mail: ReceivedMail, publicBaseUrl: string): string {
  const text = decodeQuotedPrintable(mail.raw);
  const escaped = publicBaseUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return match[0];
}

export function tokenOf(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}
