import { isIP } from 'node:net';
import type { Reader } from './reader';

/** The parts of the configuration that take more than one value to read: proxies, social links, content storage. */

export interface ContentStorageConfig {
  driver: 'local' | 's3';
  dir: string;
  /**
   * How long an upload may wait to be attached to a code before the sweep removes it; a stored
   * object no row names is removed after at most an hour (an upload in progress has no row yet).
   */
  uploadGraceMs: number;
  s3: {
    /** An S3-compatible server (MinIO...); null for AWS itself. */
    endpoint: string | null;
    region: string;
    bucket: string;
    /** Null: the SDK's own credential chain (instance role, AWS_* variables). */
    accessKeyId: string | null;
    secretAccessKey: string | null;
    /** bucket in the path (most S3-compatible servers) instead of the host name. */
    forcePathStyle: boolean;
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** What Express's `trust proxy` (proxy-addr) accepts: a name, an address, or address/prefix. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return Number.isInteger(bits) && bits >= 0 && bits <= (isIP(address) === 4 ? 32 : 128);
}

/** Social networks the footer has an icon for. */
export const SOCIAL_NETWORKS = ['x', 'facebook', 'linkedin', 'instagram', 'youtube', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

/** SOCIAL_LINKS="x=https://x.com/ours,linkedin=https://www.linkedin.com/company/ours": https only. */
export function readSocialLinks(r: Reader): SocialLink[] {
  const raw = r.optional('SOCIAL_LINKS');
  if (!raw) return [];
  const links: SocialLink[] = [];
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const at = entry.indexOf('=');
    const network = entry.slice(0, at).trim().toLowerCase();
    const url = entry.slice(at + 1).trim();
    if (at < 1 || !(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      r.problems.push(`SOCIAL_LINKS entries are network=https-URL with network one of ${SOCIAL_NETWORKS.join(', ')} (got "${entry}")`);
      continue;
    }
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (parsed?.protocol !== 'https:') {
      r.problems.push(`SOCIAL_LINKS: the ${network} link must be an https URL (got "${url}")`);
      continue;
    }
    links.push({ network: network as SocialNetwork, url: parsed.href });
  }
  return links;
}

/** CONTENT_STORAGE=local (CONTENT_STORAGE_DIR) or s3 (S3_BUCKET required; S3_ENDPOINT for a non-AWS server). */
export function readContentStorage(r: Reader): ContentStorageConfig {
  const driver = r.oneOf('CONTENT_STORAGE', 'local', ['local', 's3'] as const);
  const endpoint = r.optional('S3_ENDPOINT');
  if (endpoint) r.url('S3_ENDPOINT', endpoint, ['http:', 'https:']);
  const bucket = r.str('S3_BUCKET', '');
  const accessKeyId = r.optional('S3_ACCESS_KEY_ID');
  const secretAccessKey = r.optional('S3_SECRET_ACCESS_KEY');
  if (driver === 's3') {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) r.problems.push('S3_BUCKET must name a bucket (3-63 lower-case letters, digits, dots, hyphens) when CONTENT_STORAGE=s3');
    if ((accessKeyId === null) !== (secretAccessKey === null)) r.problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither');
  }
  return {
    driver,
    dir: r.str('CONTENT_STORAGE_DIR', 'tmp/content-files'),
    uploadGraceMs: r.int('CONTENT_UPLOAD_GRACE_HOURS', 24, 1, 24 * 30) * 3600_000,
    s3: {
      endpoint: endpoint ? endpoint.replace(/\/+$/, '') : null,
      region: r.str('S3_REGION', 'us-east-1'),
      bucket,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: r.bool('S3_FORCE_PATH_STYLE', endpoint !== null),
    },
  };
}
