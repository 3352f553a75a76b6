import { isIP } from 'node:net';
import type { Reader } from './reader';

/** A host name or an IP address (no scheme, no path). */
const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** The query parameter of REDIS_URL that lists a cluster's seed nodes (read by libs/messaging `redisOptions`). */
export const REDIS_CLUSTER_PARAM = 'cluster';

/**
 * REDIS_CLUSTER_NODES: a Redis Cluster's seed nodes, `host:port` separated by commas (a few are
 * enough, ioredis learns the rest from the cluster). Unset: one Redis at REDIS_URL. Set: the nodes
 * are added to REDIS_URL (its `cluster` parameter), so that whatever connects with the URL
 * connects to the cluster. A cluster has no databases, so REDIS_URL must not name one.
 */
export function readRedisCluster(r: Reader, redisUrl: string): { url: string; nodes: string[] | null } {
  const raw = r.optional('REDIS_CLUSTER_NODES');
  const prefix = r.str('REDIS_PREFIX', 'qrd');
  if (raw === null) return { url: redisUrl, nodes: null };
  const nodes: string[] = [];
  for (const item of raw.split(',').map((s) => s.trim())) {
    const match = /^(\[[0-9A-Fa-f:.]+\]|[^:\s]+):(\d{1,5})$/.exec(item);
    const host = match?.[1].replace(/^\[|\]$/g, '') ?? '';
    const port = Number(match?.[2]);
    if (!match || !(isIP(host) || HOST_NAME.test(host)) || port < 1 || port > 65535) {
      r.problems.push(`REDIS_CLUSTER_NODES must list host:port pairs separated by commas, e.g. "10.0.0.1:6379,10.0.0.2:6379" (got "${item}" in "${raw}")`);
      return { url: redisUrl, nodes: null };
    }
    nodes.push(`${match[1]}:${port}`);
  }
  let url: URL;
  try {
    url = new URL(redisUrl);
  } catch {
    return { url: redisUrl, nodes: null };
  }
  if (url.pathname.length > 1 && url.pathname !== '/0') {
    r.problems.push(`REDIS_URL must not name a database (${url.pathname.slice(1)}) with REDIS_CLUSTER_NODES: a Redis Cluster has only database 0`);
  }
  if (/[{}]/.test(prefix)) {
    r.problems.push(
      `REDIS_PREFIX must not contain { or } with REDIS_CLUSTER_NODES (got "${prefix}"): the product puts its own hash tags in its keys ` +
        '(one per queue, per stream shard), and a tag in the prefix would put every key in one slot',
    );
  }
  url.pathname = '';
  url.searchParams.set(REDIS_CLUSTER_PARAM, nodes.join(','));
  return { url: url.toString(), nodes };
}
