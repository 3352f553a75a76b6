import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitFor } from '@qrd/testing';
import { ROOT } from '../../e2e/src/support/environment';
import { FrontDoor, frontDoorRequest, startFrontDoor } from './front-door';
import { TestSystem } from './harness';

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

/** Percent signs not followed by two hex digits: no server can tell which bytes were meant. */
const MALFORMED = ['/%E0%A4%A', '/%', '/dashboard%zz', '/api/%E0%A4%A', '/api/public/pages/%E0%A4%A', '/r/%E0%A4%A', '/r/abc%2', '/assets/%GG.js'];

describe('a malformed percent-encoding gets 400 at every front door', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let edge: ChildProcess;
  let edgeUrl: string;
  let webRoot: string;

  beforeAll(async () => {
    system = await TestSystem.start();
    door = await startFrontDoor(system);
    // The front door of `npm start` (an ES module, so in a process of its own) on a stand-in web build.
    webRoot = mkdtempSync(join(tmpdir(), 'edge-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    const port = await freePort();
    const options = JSON.stringify({
      port,
      webRoot,
      gatewayPort: Number(new URL(system.url('gateway')).port),
      redirectPort: Number(new URL(system.url('redirect')).port),
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
    rmSync(webRoot, { recursive: true, force: true });
    await door?.stop();
    await system?.stop();
  });

  it.each([
    ['nginx', () => door.baseUrl, MALFORMED],
    ['the edge of npm start', () => edgeUrl, MALFORMED],
    ['the gateway', () => system.url('gateway'), MALFORMED.filter((path) => path.startsWith('/api/'))],
    ['the redirect-service', () => system.url('redirect'), MALFORMED.filter((path) => path.startsWith('/r/'))],
  ])('%s', async (_name, base, paths) => {
    for (const path of paths) {
      const res = await frontDoorRequest(base(), path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body).toMatch(/bad request/i);
    }
  });

  it('well-formed escapes still reach what is behind each front door', async () => {
    for (const base of [door.baseUrl, edgeUrl, system.url('redirect')]) {
      const unknown = await frontDoorRequest(base, '/r/caf%C3%A9');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain('QR code not found');
    }
    for (const base of [door.baseUrl, edgeUrl, system.url('gateway')]) {
      expect((await frontDoorRequest(base, '/api/public/pages/caf%C3%A9')).status).toBe(404);
      expect((await frontDoorRequest(base, '/api/auth/user?next=%zz')).status).toBe(401);
    }
    // Bytes that are not UTF-8 are no file: the web app's page, as nginx answers.
    for (const path of ['/caf%C3%A9%20menu', '/%E0%A4', '/%C0%AE%C0%AE/secret']) {
      const page = await frontDoorRequest(edgeUrl, path);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(page.body).toContain('<div id="root">');
    }
  });
});
