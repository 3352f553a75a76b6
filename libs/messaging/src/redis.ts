import { createIORedisClient, QueueKeys, RedisConnection } from 'bullmq';
import IORedis, { Cluster, ClusterOptions, RedisOptions } from 'ioredis';
import { closeHandler } from 'ioredis/built/redis/event_handler';
import { REDIS_CLUSTER_PARAM } from '@qrd/config';

/**
 * ioredis with one fix: `disconnect()` while waiting to reconnect (Redis went away or restarted)
 * ends the connection. Plain ioredis then only cancels the reconnect: it never emits 'end' nor
 * fails the commands it holds, so whoever waits for the end (BullMQ's Worker.close does) waits
 * forever, and a service told to stop never exits. Its socket is gone already, so it is ended as
 * ioredis ends a connection closed on purpose (the fields are ioredis's own).
 */
export class Redis extends IORedis {
  override disconnect(reconnect = false): void {
    if (reconnect || this.status !== 'reconnecting') return super.disconnect(reconnect);
    const self = this as unknown as { manuallyClosing: boolean; reconnectTimeout: NodeJS.Timeout | null };
    self.manuallyClosing = true;
    if (self.reconnectTimeout) clearTimeout(self.reconnectTimeout);
    self.reconnectTimeout = null;
    closeHandler(this)();
  }
}

/** Connection options that may name a Redis Cluster's seed nodes (from REDIS_URL's `cluster` parameter). */
export type ConnectionOptions = RedisOptions & { clusterNodes?: { host: string; port: number }[] };

/**
 * An ioredis Cluster for the seed nodes, with the per-node options (user, password, TLS, timeouts).
 * Commands wait while a master fails over (its replica is promoted within the cluster's node
 * timeout) and follow the new slot owners (MOVED): ioredis refreshes its slot table and sends them
 * again.
 */
function newCluster(options: ConnectionOptions): Cluster {
  const {
    clusterNodes,
    host: _host,
    port: _port,
    db: _db,
    enableOfflineQueue,
    lazyConnect,
    retryStrategy,
    ...nodeOptions
  } = options;
  const clusterOptions: ClusterOptions = {
    redisOptions: nodeOptions,
    lazyConnect,
    // No ready check: ioredis's checks CLUSTER INFO when it connects and, while a master is failing
    // over (cluster_state:fail), drops that connection and makes another, but the promise connect()
    // returned then never settles. BullMQ's worker awaits that promise when it renews its blocking
    // connection (every blocking wait that outlasts its timeout, as one does when its master dies):
    // the worker hung for good and its queue was never read again. Commands sent while the cluster
    // is failing are retried instead (retryDelayOnClusterDown).
    enableReadyCheck: false,
    enableOfflineQueue: enableOfflineQueue ?? true,
    // While a master is down and before its replica is promoted, commands for its slots wait and retry.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
    retryDelayOnTryAgain: 200,
    maxRedirections: 32,
    slotsRefreshTimeout: 2000,
    clusterRetryStrategy: retryStrategy ? (times) => retryStrategy(times) : retryStrategy === null ? () => null : (times) => Math.min(100 * times, 2000),
  };
  return new Cluster(clusterNodes ?? [], clusterOptions);
}

/** A connection for the options: a Cluster when they name cluster nodes, else one Redis. */
function connect(options: ConnectionOptions): IORedis {
  // A Cluster answers the commands the product uses like one Redis does (ioredis's Commander):
  // the code holding it only has to keep every multi-key command within one hash slot.
  return options.clusterNodes ? (newCluster(options) as unknown as IORedis) : new Redis(options);
}

// BullMQ's workers and queues given connection options make their connections with this too.
RedisConnection.clientFactory = (options) => createIORedisClient(connect(options as ConnectionOptions));

/**
 * Every BullMQ queue's keys in a hash slot of their own: `<prefix>:{<queue>}:wait` and so on. A
 * queue's scripts touch several of its keys at once, which a Redis Cluster allows only within one
 * slot; one tag per queue (not one for the whole prefix) spreads the queues over the cluster. The
 * same names on a single Redis, so there is one layout (docs/scaling.md, "Upgrading").
 */
const qualifiedName = QueueKeys.prototype.getQueueQualifiedName;
QueueKeys.prototype.getQueueQualifiedName = function (this: QueueKeys, name: string): string {
  return qualifiedName.call(this, /^\{.*\}$/.test(name) ? name : `{${name}}`);
};

/** Whether the connection is an ioredis Cluster. */
export function isCluster(redis: unknown): boolean {
  return (redis as { isCluster?: boolean } | null)?.isCluster === true;
}

/** host:port (an IPv6 address in brackets) as an ioredis cluster node. */
function clusterNode(item: string): { host: string; port: number } {
  const at = item.lastIndexOf(':');
  return { host: item.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(item.slice(at + 1)) };
}

/**
 * ioredis options from a redis:// or rediss:// URL (BullMQ wants options, not a URL). A `cluster`
 * parameter (REDIS_CLUSTER_NODES, see libs/config) lists a cluster's seed nodes: connections made
 * with these options are then ioredis Clusters.
 */
export function redisOptions(url: string, extra: RedisOptions = {}): ConnectionOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  const nodes = parsed.searchParams.get(REDIS_CLUSTER_PARAM);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    ...(nodes ? { clusterNodes: nodes.split(',').filter(Boolean).map(clusterNode) } : {}),
    ...extra,
  };
}

/** The product's Redis connection: one Redis, or an ioredis Cluster when the URL names cluster nodes. */
export function createRedis(url: string, extra: RedisOptions = {}): IORedis {
  return connect(redisOptions(url, { maxRetriesPerRequest: null, ...extra }));
}

/** Where the URL points, for messages (the cluster's nodes, or host:port). */
function describe(url: string): string {
  const options = redisOptions(url);
  return options.clusterNodes
    ? `the Redis Cluster at ${options.clusterNodes.map((n) => `${n.host}:${n.port}`).join(', ')}`
    : `Redis at ${options.host}:${options.port}`;
}

/** Fails fast at boot with a message a person can act on. */
export async function assertRedisReachable(url: string, timeoutMs = 3000): Promise<void> {
  const options = redisOptions(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: timeoutMs, retryStrategy: () => null });
  const client = connect(options);
  // The connection's own error (e.g. ECONNREFUSED) says more than a command's "Connection is closed."
  let connectionError: Error | undefined;
  client.on('error', (error: Error) => (connectionError = error));
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.ping();
        if (options.clusterNodes) {
          const info = String(await client.cluster('INFO'));
          if (!/cluster_state:ok/.test(info)) throw new Error(`the cluster's state is not ok (${/cluster_state:(\w+)/.exec(info)?.[1] ?? 'unknown'})`);
        }
      })(),
      new Promise((_, reject) => (deadline = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs + 1000))),
    ]);
  } catch (error) {
    const notClustered = options.clusterNodes ? await nodesNotInClusterMode(options, timeoutMs) : [];
    if (notClustered.length > 0) {
      throw new Error(
        `REDIS_CLUSTER_NODES names Redis servers that are not in cluster mode (${notClustered.join(', ')}: cluster_enabled:0). ` +
          'Point it at the nodes of a Redis Cluster, or unset it to use the single Redis at REDIS_URL.',
      );
    }
    throw new Error(
      `Cannot reach ${describe(url)} (${(connectionError ?? (error as Error)).message}). Start it ` +
        (options.clusterNodes
          ? '(every node in cluster mode, the cluster created with "redis-cli --cluster create") or correct REDIS_CLUSTER_NODES.'
          : `(e.g. "redis-server --daemonize yes" or "docker compose up -d redis") or set REDIS_URL.`),
    );
  } finally {
    clearTimeout(deadline);
    // Returns once the client has ended: a Cluster still refreshing its slots would otherwise do so
    // after this returned (up to its 2 s timeout), a timer left running in the caller's process.
    // A Cluster that has ended already may still have that timer running: then the wait is the
    // whole timeout. A single Redis that has ended (its connection failed) holds nothing more, and
    // its error is reported at once.
    client.disconnect();
    if (client.status !== 'end' || isCluster(client)) {
      let timer: NodeJS.Timeout | undefined;
      const ended = new Promise((resolve) => client.once('end', resolve));
      await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    }
  }
}

/** The seed nodes that answer as plain Redis servers, not cluster nodes (host:port each). */
async function nodesNotInClusterMode(options: ConnectionOptions, timeoutMs: number): Promise<string[]> {
  const { clusterNodes = [], ...rest } = options;
  const found: string[] = [];
  for (const { host, port } of clusterNodes) {
    const node = new Redis({ ...rest, host, port, lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: timeoutMs, retryStrategy: () => null });
    node.on('error', () => undefined);
    try {
      await node.connect();
      if (/cluster_enabled:0/.test(await node.info('cluster'))) found.push(`${host}:${port}`);
    } catch {
      // Not reachable: the general message says so.
    } finally {
      node.disconnect();
    }
  }
  return found;
}

/**
 * Values of several keys. One MGET on a single Redis; on a cluster the keys may live in different
 * slots, which one MGET may not span, so each is read on its own (sent together: one round trip
 * per node).
 */
export async function getEach(redis: IORedis, keys: string[]): Promise<(string | null)[]> {
  if (keys.length === 0) return [];
  if (!isCluster(redis)) return redis.mget(keys);
  return Promise.all(keys.map((key) => redis.get(key)));
}

/** Deletes keys that may live in different slots of a cluster (one DEL on a single Redis); answers how many existed. */
export async function delEach(redis: IORedis, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  if (!isCluster(redis)) return redis.del(...keys);
  const counts = await Promise.all(keys.map((key) => redis.del(key)));
  return counts.reduce((a, b) => a + b, 0);
}
