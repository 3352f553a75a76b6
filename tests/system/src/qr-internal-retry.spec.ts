import { AddressInfo, createConnection, createServer, Server, Socket } from 'node:net';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

/**
 * Between the gateway and the qr-service's internal routes: passes connections through, except that
 * a cut that is armed closes the next connection that sends a request, before the request reaches
 * the qr-service (as a replica that is restarting closes its kept-alive connections).
 */
class CuttingLink {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly armed: ('close' | 'reset')[] = [];
  cuts = 0;
  port = 0;

  constructor(private readonly targetPort: number) {}

  arm(how: 'close' | 'reset'): void {
    this.armed.push(how);
  }

  async start(): Promise<void> {
    this.server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      let upstream: Socket | null = null;
      // Every request's bytes are looked at: a kept-alive connection carries one request after another.
      client.on('data', (chunk: Buffer) => {
        const cut = this.armed.shift();
        if (cut !== undefined) {
          this.cuts++;
          if (cut === 'reset') client.resetAndDestroy();
          else client.destroy();
          return;
        }
        if (upstream === null) {
          const link = createConnection(this.targetPort, '127.0.0.1');
          upstream = link;
          this.sockets.add(link);
          link.on('close', () => {
            this.sockets.delete(link);
            client.destroy();
          });
          link.on('error', () => link.destroy());
          client.on('close', () => link.destroy());
          link.pipe(client);
        }
        upstream.write(chunk);
      });
    });
    await new Promise<void>((resolve) => (this.server as Server).listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

describe("the gateway's calls to the qr-service's internal routes", () => {
  let system: TestSystem;
  let link: CuttingLink;
  let alice: Customer;
  let code: { id: string };

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr'] });
    link = new CuttingLink(Number(new URL(system.url('qr')).port));
    await link.start();
    await system.startService('gateway', 'gateway', { qrInternalUrl: `http://127.0.0.1:${link.port}` });
    alice = await subscribedCustomer(system);
    code = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
  });
  afterAll(async () => {
    await system?.stop();
    await link?.stop();
  });

  it.each(['close', 'reset'] as const)('sends a download again when its connection is lost under it (%s), and the customer gets the file', async (how) => {
    const cookie = [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const cutsBefore = link.cuts;
    link.arm(how);

    const res = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/download?format=png&size=256`, { headers: { cookie } });
    const body = Buffer.from(await res.arrayBuffer());

    expect(link.cuts - cutsBefore).toBe(1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
