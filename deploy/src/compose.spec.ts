import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..');

interface ComposeService {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  command?: string[];
  shm_size?: string;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
}

interface Compose {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

function readYaml<T>(path: string): T {
  // `merge` resolves the `<<: *node-service` keys the way Compose does.
  return parse(readFileSync(join(ROOT, path), 'utf8'), { merge: true }) as T;
}

const compose = readYaml<Compose>('docker-compose.yml');
const services = Object.entries(compose.services);
/** The product's own Node services: those started from the built image with a health port. */
const nodeServices = services.filter(([, service]) => service.environment?.HEALTH_PORT !== undefined);

/** name:tag naming an exact release (1.2.3, v1.2.3, 16.6-alpine: PostgreSQL numbers its releases major.minor), never `latest` or a bare major. */
const PINNED = /^[a-z0-9./-]+:v?\d+\.\d+(\.\d+)?(-[a-z0-9.-]+)?$/;

describe('docker-compose.yml', () => {
  it('names an exactly pinned image for every service', () => {
    const unpinned = services.filter(([, service]) => !PINNED.test(service.image ?? '')).map(([name, s]) => `${name}: ${s.image ?? '(none)'}`);
    expect(unpinned).toEqual([]);
  });

  it('tags the images it builds with the product version', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const built = services.filter(([, service]) => service.build !== undefined);
    expect(built.length).toBeGreaterThan(0);
    for (const [, service] of built) expect(service.image).toMatch(new RegExp(`:${version.replace(/\./g, '\\.')}$`));
  });

  it('builds from exactly pinned base images', () => {
    const bases = [...readFileSync(join(ROOT, 'Dockerfile'), 'utf8').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    expect(bases.filter((image) => !PINNED.test(image))).toEqual([]);
  });

  it('waits for each service to be ready (PostgreSQL, Redis, consumers), not merely alive', () => {
    expect(nodeServices.map(([name]) => name).sort()).toEqual(['auth-service', 'billing-service', 'gateway', 'qr-service', 'redirect-service']);
    for (const [, service] of nodeServices) expect(service.healthcheck?.test.join(' ')).toContain('/health/ready');
  });

  it('never takes free test payments in production unless a demo asks for it', () => {
    for (const [, service] of nodeServices) {
      expect(service.environment?.NODE_ENV).toBe('production');
      expect(service.environment?.ALLOW_TEST_PAYMENTS).toBe('${ALLOW_TEST_PAYMENTS:-false}');
    }
  });

  it('gives PostgreSQL memory for its buffers, not the 128 MB it starts with (docs/scaling.md)', () => {
    const postgres = compose.services.postgres;
    const setting = (postgres.command ?? []).find((arg) => arg.startsWith('shared_buffers='));
    const size = /^shared_buffers=\$\{POSTGRES_SHARED_BUFFERS:-(\d+)(MB|GB)\}$/.exec(setting ?? '');
    expect(size).not.toBeNull();
    const mb = Number(size![1]) * (size![2] === 'GB' ? 1024 : 1);
    expect(mb).toBeGreaterThanOrEqual(512);
    // Parallel queries take their shared memory from /dev/shm, 64 MB in a container by default.
    expect(postgres.shm_size).toBeDefined();
  });

  it('reaches PostgreSQL through PgBouncer in transaction mode, from files that exist, with JIT off on the server (docs/scaling.md)', () => {
    for (const [, service] of nodeServices) {
      expect(new URL(service.environment?.DATABASE_URL ?? '').host).toBe('pgbouncer:6432');
      expect(Object.keys(service.depends_on ?? {})).toContain('pgbouncer');
    }
    const pgbouncer = compose.services.pgbouncer;
    expect(pgbouncer.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const volume of pgbouncer.volumes ?? []) expect(existsSync(join(ROOT, volume.split(':')[0]))).toBe(true);
    const ini = readFileSync(join(ROOT, 'deploy/pgbouncer/pgbouncer.ini'), 'utf8');
    expect(ini).toMatch(/^pool_mode = transaction$/m);
    expect(ini).toMatch(/^listen_port = 6432$/m);
    // The services' startup option jit=off is dropped by PgBouncer: the server must have JIT off itself.
    expect(ini).toMatch(/^ignore_startup_parameters = .*\boptions\b/m);
    expect(compose.services.postgres.command).toEqual(expect.arrayContaining(['-c', 'jit=off']));
  });

  it('runs Prometheus and Grafana only with the monitoring profile, from files that exist', () => {
    for (const name of ['prometheus', 'grafana']) {
      const service = compose.services[name];
      expect(service?.profiles).toEqual(['monitoring']);
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source.startsWith('./')) expect(existsSync(join(ROOT, source))).toBe(true);
      }
    }
    const inDefault = services.filter(([, service]) => !service.profiles).map(([name]) => name);
    expect(inDefault).not.toContain('prometheus');
    expect(inDefault).not.toContain('grafana');
  });
});

describe('the Caddy TLS edge (deploy/caddy/Caddyfile)', () => {
  const caddy = compose.services.caddy;
  const caddyfile = readFileSync(join(ROOT, 'deploy/caddy/Caddyfile'), 'utf8');
  /** The Caddyfile's directive lines (`name args...`), without comments. */
  const directives = caddyfile
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');

  it('runs in front of nginx and the gateway, on ports 80 and 443, with the Caddyfile and its certificates', () => {
    expect(caddy).toBeDefined();
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443', '443:443/udp']));
    expect(caddy.volumes).toContain('./deploy/caddy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddy.volumes).toEqual(expect.arrayContaining(['caddy-data:/data', 'caddy-config:/config']));
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['caddy-data', 'caddy-config']));
    expect(Object.keys(caddy.depends_on ?? {}).sort()).toEqual(['gateway', 'nginx']);
    // The Caddyfile's {$NAME} placeholders are all given to the container.
    const placeholders = [...new Set([...caddyfile.matchAll(/\{\$([A-Z_]+)/g)].map((m) => m[1]))];
    expect(placeholders.sort()).toEqual(['ACME_EMAIL', 'PUBLIC_HOST']);
    for (const name of placeholders) expect(caddy.environment?.[name]).toBeDefined();
  });

  it('asks the gateway, on the port it listens on, before obtaining a certificate for a custom domain', () => {
    const asks = directives.filter((line) => line.startsWith('ask '));
    expect(asks).toHaveLength(1);
    const url = new URL(asks[0].slice('ask '.length).trim());
    const gateway = compose.services[url.hostname];
    expect(url.hostname).toBe('gateway');
    expect(gateway?.environment?.GATEWAY_PORT).toBeDefined();
    expect(url.port).toBe(gateway.environment?.GATEWAY_PORT);
    expect(url.pathname).toBe('/api/domains/certificate-allowed');
    expect(directives).toContain('on_demand');
  });

  it('passes every site on to nginx on the port nginx listens on, nginx publishing only to this machine', () => {
    const proxies = directives.filter((line) => line.startsWith('reverse_proxy '));
    expect(proxies.length).toBeGreaterThanOrEqual(2);
    const listen = /^\s*listen\s+(\d+);/m.exec(readFileSync(join(ROOT, 'nginx/nginx.conf'), 'utf8'));
    for (const proxy of proxies) expect(proxy).toBe(`reverse_proxy nginx:${listen?.[1]}`);
    expect(compose.services.nginx).toBeDefined();
    for (const port of compose.services.nginx.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    // Custom domains' links are https://<domain>/<slug>; the redirect-service serves /r/<slug>.
    expect(directives).toContain('rewrite * /r{uri}');
  });
});

describe('Prometheus scrape configuration', () => {
  const prometheus = readYaml<{ scrape_configs: { job_name: string; metrics_path?: string; static_configs: { targets: string[] }[] }[] }>(
    'deploy/monitoring/prometheus.yml',
  );

  it('scrapes every Node service on its own port, as a job named after it', () => {
    const targets = Object.fromEntries(prometheus.scrape_configs.map((job) => [job.job_name, job.static_configs.flatMap((c) => c.targets)]));
    for (const [name, service] of nodeServices) {
      expect(targets[name]).toEqual([`${name}:${service.environment?.HEALTH_PORT}`]);
    }
    expect(prometheus.scrape_configs.every((job) => (job.metrics_path ?? '/metrics') === '/metrics')).toBe(true);
  });
});

/** Every TypeScript source of the services and libraries, where series are named. */
function sources(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) text += sources(path);
    else if (entry.endsWith('.ts') && !entry.endsWith('.spec.ts')) text += readFileSync(path, 'utf8');
  }
  return text;
}

describe('Grafana provisioning', () => {
  const dashboard = JSON.parse(readFileSync(join(ROOT, 'deploy/monitoring/grafana/dashboards/qr-dynamic.json'), 'utf8'));
  const datasources = readYaml<{ datasources: { uid: string; type: string; url: string }[] }>(
    'deploy/monitoring/grafana/provisioning/datasources/prometheus.yml',
  ).datasources;
  const panels = (dashboard.panels as { type: string; datasource?: { uid: string }; targets?: { expr: string; datasource?: { uid: string } }[] }[]).filter(
    (panel) => panel.type !== 'row',
  );

  it('points every panel and query at the provisioned Prometheus', () => {
    expect(datasources).toEqual([expect.objectContaining({ type: 'prometheus', url: 'http://prometheus:9090' })]);
    const uid = datasources[0].uid;
    for (const panel of panels) {
      expect(panel.datasource?.uid).toBe(uid);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid).toBe(uid);
    }
  });

  it('charts only series that the services publish', () => {
    const code = ['libs', 'apps'].map((dir) => sources(join(ROOT, dir))).join('\n');
    const exprs = panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    const names = new Set(exprs.flatMap((expr) => [...expr.matchAll(/\b([a-z_][a-z0-9_]*)\s*[{[]/g)].map((m) => m[1])));
    // Published by Prometheus itself (up) or by prom-client's default process metrics.
    const external = (name: string) => name === 'up' || name.startsWith('process_') || name.startsWith('nodejs_');
    const missing = [...names]
      .map((name) => name.replace(/_(bucket|count|sum)$/, ''))
      .filter((name) => !external(name) && !code.includes(`'${name}'`));
    expect(names.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
