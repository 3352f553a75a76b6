import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, WriteStream } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

function entryOf(service: ServiceName): string {
  return join(ROOT, 'dist', 'apps', service, 'apps', service, 'src', 'main.js');
}

/**
 * The built services as plain processes (what `npm start` runs), each of which can be killed with
 * SIGKILL and started again, behind the same front door (`tools/edge.mjs`) on a port of its own.
 */
export class FaultSystem {
  private readonly children = new Map<ServiceName, ChildProcess>();
  private readonly logs = new Map<ServiceName, WriteStream>();
  private edge: ChildProcess | null = null;
  readonly ports = {} as Record<ServiceName | 'web', number>;

  constructor(private readonly env: Record<string, string>) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.ports.web}`;
  }

  serviceUrl(name: ServiceName): string {
    return `http://127.0.0.1:${this.ports[name]}`;
  }

  async start(): Promise<void> {
    mkdirSync(join(OUTPUT_DIR, 'logs'), { recursive: true });
    for (const name of [...SERVICE_NAMES, 'web'] as const) this.ports[name] = await freePort();
    this.env.PUBLIC_BASE_URL = this.baseUrl;
    this.env.QR_INTERNAL_URL = this.serviceUrl('qr-service');
    for (const name of SERVICE_NAMES) this.env[PORT_ENV[name]] = String(this.ports[name]);
    for (const name of SERVICE_NAMES) await this.startService(name);
    // The front door of `npm start` (an ES module, so in a process of its own).
    const options = JSON.stringify({
      port: this.ports.web,
      webRoot: join(ROOT, 'dist', 'apps', 'web'),
      gatewayPort: this.ports.gateway,
      redirectPort: this.ports['redirect-service'],
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

  async startService(name: ServiceName): Promise<void> {
    const log = this.logs.get(name) ?? createWriteStream(join(OUTPUT_DIR, 'logs', `${name}.log`), { flags: 'a' });
    this.logs.set(name, log);
    const child = spawn(process.execPath, [entryOf(name)], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    this.children.set(name, child);
    await this.waitReady(name, 90_000);
  }

  /** `kill -9` of one service. */
  async kill(name: ServiceName): Promise<void> {
    const child = this.children.get(name);
    this.children.delete(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** 200 from the service's readiness check (PostgreSQL, Redis and its consumers). */
  async ready(name: ServiceName): Promise<boolean> {
    try {
      const res = await fetch(`${this.serviceUrl(name)}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status !== 404) return res.ok;
      return (await fetch(`${this.serviceUrl(name)}/health`, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false;
    }
  }

  async waitReady(name: ServiceName, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const child = this.children.get(name);
      if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${name} exited while starting (see test-output/faults/logs/${name}.log)`);
      if (await this.ready(name)) return;
      await sleep(200);
    }
    throw new Error(`${name} was not ready within ${timeoutMs / 1000} s`);
  }

  /** Resolves once every service answers ready; the time it took, in milliseconds. */
  async waitAllReady(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    for (const name of SERVICE_NAMES) await this.waitReady(name, Math.max(1000, timeoutMs - (Date.now() - started)));
    return Date.now() - started;
  }

  async stop(): Promise<void> {
    if (this.edge && this.edge.exitCode === null) {
      const exited = once(this.edge, 'exit');
      this.edge.kill('SIGTERM');
      await exited;
    }
    for (const name of [...SERVICE_NAMES].reverse()) {
      const child = this.children.get(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    this.children.clear();
    for (const log of this.logs.values()) log.end();
  }
}
