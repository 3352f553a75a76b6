import type { LiveScan, RecentMinutes } from '@qrd/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { LiveScans, withLiveScans } from './live-scans';

/** jsdom has no EventSource: this one records what the component opened and lets the test send events. */
class TestEventSource {
  static opened: TestEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(type: string, data: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close(): void {
    this.closed = true;
  }
}

function minutesEndingAt(end: number): RecentMinutes {
  return { minutes: Array.from({ length: 30 }, (_, i) => ({ at: new Date(end - (29 - i) * 60_000).toISOString(), scans: i === 29 ? 2 : 0 })) };
}

const SCAN: LiveScan = { scanId: '0192f0c4-5a1b-7c3d-9e4f-0a1b2c3d4e5f', at: '', country: 'DE', city: 'Berlin', device: 'mobile', os: 'iOS', browser: 'Safari', variant: 'B', bot: false };

describe(LiveScans.name, () => {
  beforeEach(() => {
    TestEventSource.opened = [];
    (globalThis as unknown as { EventSource: unknown }).EventSource = TestEventSource;
  });
  afterEach(() => {
    delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
  });

  it('opens the feed only when asked, shows each scan as it arrives and counts it in the last 30 minutes', async () => {
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    installFetchStub().on('GET /api/qrcodes/:id/analytics/recent', ok(minutesEndingAt(now)));
    renderWithApp(<LiveScans codeId="c1" />, { path: '/qrcodes/c1' });
    expect(TestEventSource.opened).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Watch live' }));
    expect(await screen.findByRole('img', { name: '2 scans in the last 30 minutes' })).toBeInTheDocument();
    const source = TestEventSource.opened[0];
    expect(source.url).toBe('/api/qrcodes/c1/live');
    act(() => source.onopen?.());
    expect(screen.getByRole('status')).toHaveTextContent('Listening');
    expect(screen.getByText('No scan since you started watching.')).toBeInTheDocument();

    act(() => source.send('scans', [{ ...SCAN, at: new Date(now + 5000).toISOString() }]));
    expect(screen.getByRole('list', { name: 'Latest scans' })).toHaveTextContent('Berlin, DE');
    expect(screen.getByRole('list', { name: 'Latest scans' })).toHaveTextContent('Variant B');
    expect(screen.getByRole('img', { name: '3 scans in the last 30 minutes' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop watching' }));
    expect(source.closed).toBe(true);
  });
});

describe(withLiveScans.name, () => {
  it('slides the 30 minutes to a newer minute and leaves bots out', () => {
    const end = Date.UTC(2026, 10, 29, 10, 0);
    const next = withLiveScans(minutesEndingAt(end), [
      { ...SCAN, at: new Date(end + 2 * 60_000 + 1000).toISOString() },
      { ...SCAN, scanId: 'x', bot: true, at: new Date(end + 2 * 60_000).toISOString() },
    ]);
    expect(next.minutes).toHaveLength(30);
    expect(next.minutes.at(-1)).toEqual({ at: new Date(end + 2 * 60_000).toISOString(), scans: 1 });
    expect(next.minutes.at(-3)).toEqual({ at: new Date(end).toISOString(), scans: 2 });
  });
});
