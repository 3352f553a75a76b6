import { loadConfig } from './config';
import { REDIS_CLUSTER_PARAM } from './redis-cluster-config';
import { ConfigError } from './reader';

describe('SOCIAL_LINKS', () => {
  it('is empty unless the operator names the site’s own profiles', () => {
    expect(loadConfig({}).socialLinks).toEqual([]);
  });

  it('reads network=URL pairs', () => {
    const config = loadConfig({ SOCIAL_LINKS: 'x=https://x.com/qrdynamic, linkedin=https://www.linkedin.com/company/qrdynamic' });

    expect(config.socialLinks).toEqual([
      { network: 'x', url: 'https://x.com/qrdynamic' },
      { network: 'linkedin', url: 'https://www.linkedin.com/company/qrdynamic' },
    ]);
  });

  it('refuses an unknown network or a link that is not https, saying which', () => {
    expect(() => loadConfig({ SOCIAL_LINKS: 'myspace=https://myspace.com/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ SOCIAL_LINKS: 'myspace=https://myspace.com/x' })).toThrow(/network one of x, facebook/);
    expect(() => loadConfig({ SOCIAL_LINKS: 'x=http://x.com/q' })).toThrow(/the x link must be an https URL/);
  });
});

describe('CONTENT_STORAGE', () => {
  it('keeps the files of content codes on local disk by default', () => {
    expect(loadConfig({}).contentStorage).toMatchObject({ driver: 'local', dir: 'tmp/content-files' });
  });

  it('reads an S3-compatible store, the bucket in the path when an endpoint is given', () => {
    const config = loadConfig({
      CONTENT_STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'qr-content',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.contentStorage).toEqual({
      driver: 's3',
      dir: 'tmp/content-files',
      uploadGraceMs: 24 * 3600_000,
      s3: { endpoint: 'http://minio:9000', region: 'us-east-1', bucket: 'qr-content', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true },
    });
  });

  it('refuses S3 without a bucket, with half the credentials or an unknown driver, saying which', () => {
    expect(() => loadConfig({ CONTENT_STORAGE: 's3' })).toThrow(/S3_BUCKET must name a bucket/);
    expect(() => loadConfig({ CONTENT_STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/set together, or neither/);
    expect(() => loadConfig({ CONTENT_STORAGE: 'ftp' })).toThrow(/CONTENT_STORAGE must be one of local, s3/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be a/);
  });
});

describe('REDIS_CLUSTER_NODES', () => {
  it('is a single Redis by default', () => {
    const config = loadConfig({});
    expect(config.redisClusterNodes).toBeNull();
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.scanStreamShards).toBe(1);
  });

  it('adds the seed nodes to the Redis URL, keeping its password and scheme', () => {
    const config = loadConfig({ REDIS_URL: 'rediss://:s3cret@10.0.0.1:6379', REDIS_CLUSTER_NODES: '10.0.0.1:6379, redis-2.internal:6380,[::1]:7000' });
    expect(config.redisClusterNodes).toEqual(['10.0.0.1:6379', 'redis-2.internal:6380', '[::1]:7000']);
    const url = new URL(config.redisUrl);
    expect(url.protocol).toBe('rediss:');
    expect(url.password).toBe('s3cret');
    expect(url.searchParams.get(REDIS_CLUSTER_PARAM)).toBe('10.0.0.1:6379,redis-2.internal:6380,[::1]:7000');
  });

  it('refuses a malformed list, a database number or a hash tag in the prefix, saying which', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:7000,localhost' })).toThrow(/REDIS_CLUSTER_NODES must list host:port pairs .*got "localhost"/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:70000' })).toThrow(/REDIS_CLUSTER_NODES must list host:port pairs/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'http://a:1' })).toThrow(/REDIS_CLUSTER_NODES must list host:port pairs/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:7000', REDIS_URL: 'redis://127.0.0.1:6379/2' })).toThrow(/must not name a database \(2\)/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:7000', REDIS_PREFIX: '{qrd}' })).toThrow(/REDIS_PREFIX must not contain \{ or \}/);
    expect(() => loadConfig({ SCAN_STREAM_SHARDS: '0' })).toThrow(/SCAN_STREAM_SHARDS must be a whole number from 1 to 64/);
  });
});
