import { AddressInfo, createConnection, createServer, Server, Socket } from 'node:net';
import { CodeAnalytics, QrCodeView } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { FrontDoor, frontDoorRequest, startFrontDoor } from './front-door';
import { TestSystem } from './harness';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * A redirect-service replica that dies as it answers: each request goes to the real service, which
 * records the scan and answers; the connection is then cut before any of the answer reaches nginx,
 * as when a replica is killed between appending a scan and sending its redirect.
 */
async function dyingReplica(targetPort: number): Promise<{ port: number; cut: () => number; close: () => Promise<void> }> {
  let cut = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream);
    upstream.once('data', () => {
      cut++;
      upstream.destroy();
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => cut,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a redirect-service replica dying as it answers, behind nginx', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let dying: Awaited<ReturnType<typeof dyingReplica>>;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway', 'redirect'], env: BILLING_ENV });
    dying = await dyingReplica(Number(new URL(system.url('redirect')).port));
    door = await startFrontDoor(system, [dying.port, 'redirect']);
  });
  afterAll(async () => {
    await door?.stop();
    await dying?.close();
    await system?.stop();
  });

  it("redirects every scanner, and the scan the dead replica recorded and nginx's retry of it on the next replica are stored as one", async () => {
    const { client } = await signUp(system);
    const code = (await client.post('/api/qrcodes', { name: 'Poster', destinationUrl: 'https://example.com/poster' })).json as QrCodeView;
    const scanners = 6;
    const answers = [];
    for (let i = 0; i < scanners; i++) answers.push(await frontDoorRequest(door.baseUrl, `/r/${code.slug}`, { headers: { 'user-agent': PHONE } }));
    expect(answers.map((a) => [a.status, a.location])).toEqual(Array.from({ length: scanners }, () => [302, 'https://example.com/poster']));
    // nginx passed at least one request to the dying replica first (round robin), then to the other.
    expect(dying.cut()).toBeGreaterThanOrEqual(1);

    const scans = async () => ((await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics).scans;
    await waitFor(async () => expect(await scans()).toBeGreaterThanOrEqual(scanners));
    // Both of a retried request's scans were in the stream before its scanner was answered: any
    // second one would be stored by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await scans()).toBe(scanners);
  });
});
