import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { sendWebhook } from './webhook-sender';

describe(sendWebhook.name, () => {
  let server: Server;
  let port: number;
  let hits: string[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 1000);
      res.writeHead(200).end('x'.repeat(2000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => (hits = []));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const allowed = { allowPrivateNetworks: true, timeoutMs: 5000 };
  const strict = { allowPrivateNetworks: false, timeoutMs: 5000 };

  it('delivers, keeping an excerpt of the answer and the latency', async () => {
    const sut = await sendWebhook(`http://127.0.0.1:${port}/hook`, { 'webhook-id': 'msg_1' }, '{}', allowed);
    expect(sut).toMatchObject({ outcome: 'succeeded', statusCode: 200, error: null });
    expect(sut.responseExcerpt).toHaveLength(500);
    expect(sut.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses loopback addresses, literal or resolved, without connecting', async () => {
    for (const host of ['127.0.0.1', '[::1]', 'localhost']) {
      const sut = await sendWebhook(`http://${host}:${port}/hook`, {}, '{}', strict);
      expect(sut).toMatchObject({ outcome: 'refused', statusCode: null });
      expect(sut.error).toMatch(/private or local address/);
    }
    expect(hits).toEqual([]);
  });

  it('does not follow a redirect', async () => {
    const sut = await sendWebhook(`http://127.0.0.1:${port}/moved`, {}, '{}', allowed);
    expect(sut).toMatchObject({ outcome: 'failed', statusCode: 302 });
    expect(sut.error).toMatch(/not followed/);
    expect(hits).toEqual(['/moved']);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const sut = await sendWebhook(`http://127.0.0.1:${port}/slow`, {}, '{}', { ...allowed, timeoutMs: 200 });
    expect(sut).toMatchObject({ outcome: 'failed', statusCode: null });
    expect(sut.error).toMatch(/within 200 ms/);
  });
});
