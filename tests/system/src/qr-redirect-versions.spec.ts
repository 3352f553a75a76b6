import IORedis from 'ioredis';
import { RedirectEntry, redirectTableKey } from '@qrd/contracts';
import { CodeUpdatesService } from '../../../apps/qr-service/src/codes/code-updates.service';
import { OwnerCodesService } from '../../../apps/qr-service/src/codes/owner-codes.service';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, subscribedCustomer } from './qr-fixtures';

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

interface CodeRow {
  destination: string;
  state: RedirectEntry['state'];
  version: number;
}

/**
 * A code's destination, its owner's switch and its owner's account can all change at the same
 * moment, and the writes to the Redis redirect table then land in any order: whatever the
 * interleaving, the table ends up with PostgreSQL's state (DESIGN section 4, versioned entries).
 */
describe(`${CodeUpdatesService.name}: the redirect table under concurrent changes of one code`, () => {
  let system: TestSystem;
  let redis: IORedis;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    redis = new IORedis(system.config.redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await system.stop();
  });

  it('always ends with the entry PostgreSQL holds, a suspended owner never revived', async () => {
    const { user, client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Poster', destinationUrl: 'https://example.com/poster' });
    const qr = system.apps.get('qr');
    if (!qr) throw new Error('the qr-service is not running');
    const sut = qr.get(CodeUpdatesService);
    const owners = qr.get(OwnerCodesService);
    const key = redirectTableKey(system.config.redisPrefix, code.slug);

    for (let round = 1; round <= 40; round++) {
      // The account service's answer flips every round, so every round changes the suspension.
      await sql(system, 'UPDATE auth.users SET status = $2 WHERE id = $1', [user.id, round % 2 ? 'suspended' : 'active']);
      // Each kind twice, opposite switches, started in a different order every round.
      const changes = shuffled([
        () => sut.update({ userId: user.id, codeId: code.id, destinationUrl: `https://example.com/poster/${round}` }),
        () => sut.update({ userId: user.id, codeId: code.id, destinationUrl: `https://example.com/poster/${round}b` }),
        () => sut.setActive(user.id, code.id, true),
        () => sut.setActive(user.id, code.id, false),
        () => owners.syncOwnerSuspension(user.id, 'account'),
        () => owners.syncOwnerSuspension(user.id, 'account'),
      ]);
      await Promise.all(changes.map((change) => change()));

      const [row] = await sql<CodeRow>(system, 'SELECT destination, state, version FROM qr.codes WHERE id = $1', [code.id]);
      const stored = JSON.parse((await redis.get(key)) ?? 'null') as RedirectEntry | null;
      expect({ round, stored }).toEqual({
        round,
        stored: {
          codeId: code.id,
          destination: row.state === 'active' ? row.destination : null,
          state: row.state,
          version: row.version,
        },
      });
    }
  });
});
