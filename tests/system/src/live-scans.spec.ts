import { LiveScan, QrCodeView, RecentMinutes } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { TestSystem } from './harness';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Reads a Server-Sent Events stream, collecting its `scans` events. */
async function readEvents(body: ReadableStream<Uint8Array>, events: LiveScan[][], stop: AbortSignal): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  stop.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      if (lines.includes('event: scans')) events.push(JSON.parse(lines.find((l) => l.startsWith('data: '))?.slice(6) ?? '[]') as LiveScan[]);
    }
  }
}

describe('the live feed of a code\'s scans', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway', 'redirect'], env: BILLING_ENV });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('streams a scan to the code\'s page moments after it is made, and counts it in the last 30 minutes', async () => {
    const { client } = await signUp(system);
    const other = await signUp(system);
    const code = (await client.post('/api/qrcodes', { name: 'Poster', destinationUrl: 'https://example.com/live' })).json as QrCodeView;
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const otherCookie = [...other.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');

    // Another workspace's code is not found, before any stream starts.
    expect((await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/live`, { headers: { cookie: otherCookie } })).status).toBe(404);
    expect((await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/live`)).status).toBe(401);

    const stop = new AbortController();
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/live`, { headers: { cookie }, signal: stop.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: LiveScan[][] = [];
    const reading = readEvents(res.body as ReadableStream<Uint8Array>, events, stop.signal);
    try {
      const scan = await fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE } });
      expect(scan.status).toBe(302);
      await waitFor(() => expect(events.flat()).toHaveLength(1), 5000, 10);
      expect(events.flat()[0]).toMatchObject({ device: 'mobile', os: 'iOS', bot: false });
    } finally {
      stop.abort();
      await reading;
    }
    const recent = (await client.get(`/api/qrcodes/${code.id}/analytics/recent`)).json as RecentMinutes;
    expect(recent.minutes).toHaveLength(30);
    expect(recent.minutes.reduce((sum, m) => sum + m.scans, 0)).toBe(1);
  });
});
