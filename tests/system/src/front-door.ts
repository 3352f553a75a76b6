import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request, Server } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitFor } from '@qrd/testing';
import { startNginx } from '../../e2e/src/support/nginx';
import { ROOT } from '../../e2e/src/support/environment';
import { TestSystem } from './harness';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface FrontDoor {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx running nginx/nginx.conf (the browser tests' renderer) in front of the system's
 * gateway and the given redirect-service replicas (a system's key, or a port), as production runs it: scans reach a replica
 * with the address nginx saw in X-Forwarded-For. `webRoot`: a stand-in web build to serve.
 */
export async function startFrontDoor(system: TestSystem, redirectReplicas: (string | number)[] = ['redirect'], webRoot?: string): Promise<FrontDoor> {
  const parent = join(ROOT, 'tmp', 'system-nginx');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  const logDir = join(ROOT, 'test-output', 'system');
  mkdirSync(logDir, { recursive: true });
  const portOf = (key: string) => Number(new URL(system.url(key)).port);
  const nginx = await startNginx({
    dir,
    port: await freePort(),
    gatewayPort: portOf('gateway'),
    redirectPorts: redirectReplicas.map((replica) => (typeof replica === 'number' ? replica : portOf(replica))),
    ...(webRoot ? { webRoot } : {}),
    errorLog: join(logDir, `nginx-${process.pid}.log`),
  });
  return {
    baseUrl: nginx.baseUrl,
    async stop() {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FrontDoorAnswer {
  status: number;
  location: string | null;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request to the front door, without following redirects. `from` is the client's own
 * address (any of 127.0.0.0/8): nginx passes the address it saw on, so each is another scanner.
 */
export function frontDoorRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<FrontDoorAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from ?? '127.0.0.1', agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: (res.headers.location as string | undefined) ?? null,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Counts the requests each replica's HTTP server receives while `work` runs (which replicas nginx chose). */
export async function requestsPerReplica(system: TestSystem, keys: string[], work: () => Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const detach: (() => void)[] = [];
  for (const key of keys) {
    counts[key] = 0;
    const server = system.apps.get(key)?.getHttpServer() as Server;
    const count = () => (counts[key] += 1);
    server.on('request', count);
    detach.push(() => server.off('request', count));
  }
  try {
    await work();
  } finally {
    for (const off of detach) off();
  }
  return counts;
}

export interface NodeEdge {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The front door of `npm start` (tools/edge.mjs; an ES module, so in a process of its own) on a
 * port of its own, answering once this resolves. The ports: one, or a service's replicas.
 */
export async function startNodeEdge(options: { webRoot: string; gatewayPort: number | number[]; redirectPort: number | number[] }): Promise<NodeEdge> {
  const port = await freePort();
  const script = `import(${JSON.stringify(pathToFileURL(join(ROOT, 'tools', 'edge.mjs')).href)}).then((m) => m.startEdge(${JSON.stringify({ port, ...options })}))`;
  const edge = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
  const stop = async () => {
    if (edge.exitCode !== null || edge.signalCode !== null) return;
    const exited = once(edge, 'exit');
    edge.kill();
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => expect((await fetch(`${baseUrl}/health`)).status).toBe(200), 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
