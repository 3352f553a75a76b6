import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, WriteStream } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RunningNginx, startNginx } from '../../../e2e/src/support/nginx';
import { freePort, sleep } from './ports';

export const ROOT = join(__dirname, '..', '..', '..', '..');
export const OUTPUT_DIR = join(ROOT, 'test-output', 'faults');

export type ServiceName = 'auth-service' | 'qr-service' | 'billing-service' | 'redirect-service' | 'gateway';
/** In start order: the gateway last, as `npm start` does. */
export const SERVICE_NAMES: ServiceName[] = ['auth-service', 'qr-service', 'billing-service', 'redirect-service', 'gateway'];
const PORT_ENV: Record<ServiceName, string> = {
  'auth-service': 'AUTH_PORT',
  'qr-service': 'QR_PORT',
  'billing-service': 'BILLING_PORT',
  'redirect-service': 'REDIRECT_PORT',
  gateway: 'GATEWAY_PORT',
};

/**
 * The services' environment in the fault suites: production mode, the test payment processor,
 * rate limits the load cannot reach, on the given PostgreSQL and Redis.
 */
export function faultEnv(settings: { DATABASE_URL: string; REDIS_URL: string; MAIL_OUTBOX_DIR: string } & Record<string, string>): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    BILLING_PROVIDER: 'test',
    SESSION_SECRET: 'faults-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'info',
    REDIS_PREFIX: 'faults',
    RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
    RATE_LIMIT_AVAILABILITY_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '100000',
    ...settings,
  };
}

function entryOf(service: ServiceName): string {
  return join(ROOT, 'dist', 'apps', service, 'apps', service, 'src', 'main.js');
}

/** One process of a service: `replica` 0 is the first. */
interface Instance {
  name: ServiceName;
  replica: number;
  port: number;
  child?: ChildProcess;
  log?: WriteStream;
}

export interface FaultSystemOptions {
  /** Processes of each service (1 of any not named), as `REPLICAS=` gives `npm start`. */
  replicas?: Partial<Record<ServiceName, number>>;
  /**
   * The front door: the one of `npm start` (tools/edge.mjs), or Debian's nginx running
   * nginx/nginx.conf with every replica in its upstreams, as production runs it.
   */
  frontDoor?: 'edge' | 'nginx';
}

/**
 * The built services as plain processes (what `npm start` runs), each of which can be killed with
 * SIGKILL and started again, behind a front door on a port of its own.
 */
export class FaultSystem {
  private readonly instances: Instance[] = [];
  private edge: ChildProcess | null = null;
  private nginx: RunningNginx | null = null;
  private webPort = 0;

  constructor(
    private readonly env: Record<string, string>,
    private readonly options: FaultSystemOptions = {},
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }

  serviceUrl(name: ServiceName, replica = 0): string {
    return `http://127.0.0.1:${this.instance(name, replica).port}`;
  }

  /** How many processes of the service run. */
  replicas(name: ServiceName): number {
    return this.instances.filter((i) => i.name === name).length;
  }

  private instance(name: ServiceName, replica: number): Instance {
    const found = this.instances.find((i) => i.name === name && i.replica === replica);
    if (!found) throw new Error(`${name} has no replica ${replica}`);
    return found;
  }

  private portsOf(name: ServiceName): number[] {
    return this.instances.filter((i) => i.name === name).map((i) => i.port);
  }

  async start(): Promise<void> {
    mkdirSync(join(OUTPUT_DIR, 'logs'), { recursive: true });
    for (const name of SERVICE_NAMES) {
      for (let replica = 0; replica < (this.options.replicas?.[name] ?? 1); replica += 1) this.instances.push({ name, replica, port: await freePort() });
    }
    this.webPort = await freePort();
    this.env.PUBLIC_BASE_URL = this.baseUrl;
    // The gateway's way to the qr-service's internal routes: its first replica, as `npm start` does.
    this.env.QR_INTERNAL_URL = this.serviceUrl('qr-service');
    for (const instance of this.instances) await this.startInstance(instance);
    if (this.options.frontDoor === 'nginx') {
      const dir = join(OUTPUT_DIR, 'nginx');
      mkdirSync(dir, { recursive: true });
      this.nginx = await startNginx({
        dir,
        port: this.webPort,
        gatewayPort: this.portsOf('gateway'),
        redirectPorts: this.portsOf('redirect-service'),
        errorLog: join(OUTPUT_DIR, 'logs', 'nginx.log'),
      });
      return;
    }
    // The front door of `npm start` (an ES module, so in a process of its own).
    const options = JSON.stringify({
      port: this.webPort,
      webRoot: join(ROOT, 'dist', 'apps', 'web'),
      gatewayPort: this.portsOf('gateway'),
      redirectPort: this.portsOf('redirect-service'),
    });
    const script = `import(${JSON.stringify(pathToFileURL(join(ROOT, 'tools', 'edge.mjs')).href)}).then((m) => m.startEdge(${options}))`;
    this.edge = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    for (let attempt = 0; ; attempt += 1) {
      try {
        if ((await fetch(`${this.baseUrl}/health`)).ok) break;
      } catch {
        if (attempt > 100) throw new Error('the front door did not start');
      }
      await sleep(100);
    }
  }

  /** Starts (again) a service's process, `replica` 0 being the first, on its own port. */
  async startService(name: ServiceName, replica = 0): Promise<void> {
    await this.startInstance(this.instance(name, replica));
  }

  private async startInstance(instance: Instance): Promise<void> {
    const label = instance.replica === 0 ? instance.name : `${instance.name}-${instance.replica + 1}`;
    instance.log ??= createWriteStream(join(OUTPUT_DIR, 'logs', `${label}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [entryOf(instance.name)], {
      env: { ...this.env, [PORT_ENV[instance.name]]: String(instance.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(instance.log, { end: false });
    child.stderr.pipe(instance.log, { end: false });
    instance.child = child;
    await this.waitReady(instance.name, 90_000, instance.replica);
  }

  /** `kill -9` of one process of a service. */
  async kill(name: ServiceName, replica = 0): Promise<void> {
    const instance = this.instance(name, replica);
    const child = instance.child;
    instance.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** 200 from the service's readiness check (PostgreSQL, Redis and its consumers); every replica's without `replica`. */
  async ready(name: ServiceName, replica?: number): Promise<boolean> {
    if (replica === undefined) {
      for (let n = 0; n < this.replicas(name); n += 1) if (!(await this.ready(name, n))) return false;
      return true;
    }
    const url = this.serviceUrl(name, replica);
    try {
      const res = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status !== 404) return res.ok;
      return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false;
    }
  }

  async waitReady(name: ServiceName, timeoutMs: number, replica = 0): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const instance = this.instance(name, replica);
    while (Date.now() < deadline) {
      const child = instance.child;
      if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${name} exited while starting (see test-output/faults/logs/)`);
      if (await this.ready(name, replica)) return;
      await sleep(200);
    }
    throw new Error(`${name}${replica ? ` (replica ${replica + 1})` : ''} was not ready within ${timeoutMs / 1000} s`);
  }

  /** Resolves once every process of every service answers ready; the time it took, in milliseconds. */
  async waitAllReady(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    for (const { name, replica } of this.instances) await this.waitReady(name, Math.max(1000, timeoutMs - (Date.now() - started)), replica);
    return Date.now() - started;
  }

  async stop(): Promise<void> {
    await this.nginx?.stop();
    if (this.edge && this.edge.exitCode === null) {
      const exited = once(this.edge, 'exit');
      this.edge.kill('SIGTERM');
      await exited;
    }
    for (const instance of [...this.instances].reverse()) {
      const child = instance.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    for (const instance of this.instances) instance.log?.end();
  }
}
