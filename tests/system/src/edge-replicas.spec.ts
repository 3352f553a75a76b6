import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitFor } from '@qrd/testing';
import { ROOT } from '../../e2e/src/support/environment';
import { requestsPerReplica } from './front-door';
import { TestSystem } from './harness';

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The front door of `npm start` (tools/edge.mjs) in front of replicas (REPLICAS=...): it takes them
 * in turn and passes over one that is down, as nginx's upstreams do.
 */
describe('the npm start front door with replicas', () => {
  let system: TestSystem;
  let edge: ChildProcess | undefined;
  let edgeUrl = '';
  let dead = 0;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['qr', 'redirect'] });
    await system.startService('redirect', 'redirect2');
    dead = await freePort();
    const port = await freePort();
    const options = JSON.stringify({
      port,
      webRoot: join(ROOT, 'tmp'),
      gatewayPort: [dead],
      redirectPort: [Number(new URL(system.url('redirect')).port), dead, Number(new URL(system.url('redirect2')).port)],
    });
    const script = `import(${JSON.stringify(pathToFileURL(join(ROOT, 'tools', 'edge.mjs')).href)}).then((m) => m.startEdge(${options}))`;
    edge = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    edgeUrl = `http://127.0.0.1:${port}`;
    await waitFor(async () => expect((await fetch(`${edgeUrl}/health`)).status).toBe(200), 10_000);
  }, 60_000);

  afterAll(async () => {
    if (edge && edge.exitCode === null) {
      const exited = once(edge, 'exit');
      edge.kill();
      await exited;
    }
    await system?.stop();
  });

  it('spreads requests over the live replicas and never answers 502 while one is down', async () => {
    const statuses: number[] = [];
    const counts = await requestsPerReplica(system, ['redirect', 'redirect2'], async () => {
      for (let i = 0; i < 30; i++) {
        const res = await fetch(`${edgeUrl}/r/Zz9Zz9Z`, { redirect: 'manual' });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    });
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect(counts.redirect + counts.redirect2).toBe(30);
    expect(counts.redirect).toBeGreaterThanOrEqual(10);
    expect(counts.redirect2).toBeGreaterThanOrEqual(10);
  });

  it('answers 502 with a message when no replica of the service is up', async () => {
    const res = await fetch(`${edgeUrl}/api/auth/user`);
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('The service is not reachable right now.');
  });
});
