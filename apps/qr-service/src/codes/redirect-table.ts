import { Inject, Injectable } from '@nestjs/common';
import IORedis, { Cluster } from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import {
  RedirectEntry,
  redirectChangesChannel,
  redirectTableBuildKey,
  redirectTableCompleteKey,
  redirectTableKey,
} from '@qrd/contracts';
import { isCluster, REDIS } from '@qrd/messaging';

/**
 * Compare-and-set of one entry: written only when its version is higher than the stored one, so
 * of all writes of a code (however late or repeated) the newest state is the one kept. A stored
 * value without a readable version (an older format) counts as version 0. The slug is announced
 * when the entry replaced another, or always with ARGV[5] = '1' (a new code must reach replicas
 * that remembered its slug as unknown). Answers 1 when written, 0 when refused.
 */
const WRITE_ENTRY = `
local current = redis.call('GET', KEYS[1])
if current then
  local ok, stored = pcall(cjson.decode, current)
  local version = ok and type(stored) == 'table' and tonumber(stored.version) or 0
  if version >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2])
if current or ARGV[5] == '1' then redis.call('PUBLISH', ARGV[3], ARGV[4]) end
return 1`;

/** KEYS[1]: the build lease. Extends it while ARGV[1] still holds it. */
const RENEW_BUILD = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * KEYS[1]: the build lease, KEYS[2]: the completeness marker (one hash slot, see
 * redirectTableBuildKey). Marks the table complete only if the
 * lease is still this build's: had Redis lost its data meanwhile, the lease went with it, and so
 * did entries written before the loss.
 */
const FINISH_BUILD = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
return 1`;

const RELEASE_BUILD = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

/** The scripts, as ioredis adds them to a connection (defineCommand) and to its pipelines. */
interface RedirectScripts {
  renewRedirectBuild(lease: string, generation: string, ttlMs: number): Promise<number>;
  finishRedirectBuild(lease: string, complete: string, generation: string): Promise<number>;
  releaseRedirectBuild(lease: string, generation: string): Promise<number>;
}
interface RedirectPipeline {
  writeRedirectEntry(key: string, version: number, entry: string, channel: string, slug: string, announceNew: '0' | '1'): unknown;
}

export interface RedirectChange {
  slug: string;
  entry: RedirectEntry;
}

const ATTEMPTS = 3;

/**
 * The Redis redirect table the redirect-service reads (DESIGN section 4): one versioned entry per
 * code in any state (deleted codes as tombstones), written by compare-and-set after the change
 * committed, and the markers of its completeness. A changed slug is published so each
 * redirect-service replica drops its in-process copy at once.
 */
@Injectable()
export class RedirectTable {
  /** A write that never reached Redis: the table may be missing a change until it is rebuilt. */
  repairNeeded = false;
  private readonly scripts: RedirectScripts;
  private readonly channel: string;
  private readonly completeKey: string;
  private readonly buildKey: string;

  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (!('writeRedirectEntry' in redis)) {
      redis.defineCommand('writeRedirectEntry', { numberOfKeys: 1, lua: WRITE_ENTRY });
      redis.defineCommand('renewRedirectBuild', { numberOfKeys: 1, lua: RENEW_BUILD });
      redis.defineCommand('finishRedirectBuild', { numberOfKeys: 2, lua: FINISH_BUILD });
      redis.defineCommand('releaseRedirectBuild', { numberOfKeys: 1, lua: RELEASE_BUILD });
    }
    this.scripts = redis as unknown as RedirectScripts;
    this.channel = redirectChangesChannel(config.redisPrefix);
    this.completeKey = redirectTableCompleteKey(config.redisPrefix);
    this.buildKey = redirectTableBuildKey(config.redisPrefix);
  }

  /**
   * After a committed change: writes the entries (retried) and never fails the change itself; a
   * write that cannot be made leaves the table to be rebuilt (RedirectTableMaintainer).
   */
  async apply(changes: RedirectChange[]): Promise<void> {
    try {
      await this.write(changes, { announceNew: true });
    } catch (error) {
      this.repairNeeded = true;
      this.logger.error({ err: error, slugs: changes.map((c) => c.slug) }, 'redirect table write failed; the table will be rebuilt');
    }
  }

  /** Compare-and-set of each entry (retried); answers how many were written (newer than what Redis held). */
  async write(changes: RedirectChange[], { announceNew }: { announceNew: boolean }): Promise<number> {
    if (changes.length === 0) return 0;
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await this.writeEach(changes, announceNew ? '1' : '0');
        let written = 0;
        for (const [error, result] of results) {
          if (error) throw error;
          written += Number(result);
        }
        return written;
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  /**
   * One compare-and-set per entry, in one pipeline on a single Redis. On a cluster the slugs'
   * keys are spread over the slots (that is the point), and a pipeline may not span nodes: each
   * is its own call, sent together (the cluster's connections pipeline them per node).
   */
  private async writeEach(changes: RedirectChange[], announceNew: '0' | '1'): Promise<[Error | null, unknown][]> {
    const write = (scripts: RedirectPipeline, { slug, entry }: RedirectChange) =>
      scripts.writeRedirectEntry(redirectTableKey(this.config.redisPrefix, slug), entry.version, JSON.stringify(entry), this.channel, slug, announceNew);
    if (isCluster(this.redis)) {
      const scripts = this.redis as unknown as RedirectPipeline;
      return Promise.all(
        changes.map((change) =>
          (write(scripts, change) as Promise<unknown>).then(
            (result): [Error | null, unknown] => [null, result],
            (error: Error): [Error | null, unknown] => [error, null],
          ),
        ),
      );
    }
    const pipeline = this.redis.pipeline();
    for (const change of changes) write(pipeline as unknown as RedirectPipeline, change);
    return ((await pipeline.exec()) ?? []) as [Error | null, unknown][];
  }

  /** The generation marking the table complete, or null while it is not. */
  completeGeneration(): Promise<string | null> {
    return this.redis.get(this.completeKey);
  }

  /** Until the next rebuild finishes, a slug missing from the table is asked of the qr-service. */
  async markIncomplete(): Promise<void> {
    await this.redis.del(this.completeKey);
  }

  /** Takes the rebuild lease (one replica rebuilds at a time); false when another holds it. */
  async acquireBuild(generation: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.buildKey, generation, 'PX', ttlMs, 'NX')) === 'OK';
  }

  /** False when the lease is gone: Redis lost its data, or the lease expired and another replica took over. */
  async renewBuild(generation: string, ttlMs: number): Promise<boolean> {
    return (await this.scripts.renewRedirectBuild(this.buildKey, generation, ttlMs)) === 1;
  }

  /** Marks the table complete with this generation, if the lease held throughout. */
  async finishBuild(generation: string): Promise<boolean> {
    return (await this.scripts.finishRedirectBuild(this.buildKey, this.completeKey, generation)) === 1;
  }

  async releaseBuild(generation: string): Promise<void> {
    await this.scripts.releaseRedirectBuild(this.buildKey, generation);
  }

  /** Identifies the Redis server process: a new one after a restart, which may have lost or rolled back data. */
  async serverRunId(): Promise<string | null> {
    const runId = async (node: Pick<IORedis, 'info'>) => /^run_id:(\w+)/m.exec(await node.info('server'))?.[1] ?? null;
    if (!isCluster(this.redis)) return runId(this.redis);
    // On a cluster: every master's. A master that failed over (its replica promoted, perhaps
    // without its last writes) or restarted changes it, and the table is rebuilt.
    const masters = (this.redis as unknown as Cluster).nodes('master');
    if (masters.length === 0) return null;
    const ids = await Promise.all(masters.map((node) => runId(node)));
    return ids.sort().join(',');
  }
}
