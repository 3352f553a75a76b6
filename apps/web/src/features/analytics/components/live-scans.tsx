import type { LiveScan, RecentMinutes } from '@qrd/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { getErrorMessage } from '../../../lib/api-client';
import { analyticsKeys } from '../api/keys';
import { getRecentMinutes, liveScansUrl } from '../api/analytics';

const SHOWN = 20;

/** The scan's minute in the chart (minute starts, ISO, as the server sends them). */
function minuteOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 60_000) * 60_000;
}

/** Adds live scans to the last 30 minutes, sliding the window to the newest minute. */
export function withLiveScans(recent: RecentMinutes, scans: LiveScan[]): RecentMinutes {
  let minutes = recent.minutes.map((m) => ({ ...m }));
  for (const scan of scans) {
    if (scan.bot) continue;
    const at = minuteOf(scan.at);
    const last = minutes.length ? Date.parse(minutes[minutes.length - 1].at) : at;
    for (let next = last + 60_000; next <= at; next += 60_000) minutes.push({ at: new Date(next).toISOString(), scans: 0 });
    minutes = minutes.slice(-30);
    const slot = minutes.find((m) => Date.parse(m.at) === at);
    if (slot) slot.scans++;
  }
  return { minutes };
}

function place(scan: LiveScan): string {
  const where = [scan.city, scan.country].filter(Boolean).join(', ');
  return where || 'Unknown place';
}

/** Scans as they happen (Server-Sent Events) and the last 30 minutes, opened on request. */
export function LiveScans({ codeId }: { codeId: string }) {
  const [watching, setWatching] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Live</CardTitle>
        <CardDescription>Scans as they happen, and the last 30 minutes minute by minute.</CardDescription>
      </CardHeader>
      <CardContent>
        {watching ? (
          <LiveFeed codeId={codeId} onStop={() => setWatching(false)} />
        ) : (
          <Button variant="outline" onClick={() => setWatching(true)}>
            <Radio aria-hidden="true" /> Watch live
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function LiveFeed({ codeId, onStop }: { codeId: string; onStop: () => void }) {
  const client = useQueryClient();
  const recent = useQuery({ queryKey: analyticsKeys.recent(codeId), queryFn: () => getRecentMinutes(codeId) });
  const [scans, setScans] = useState<LiveScan[]>([]);
  const [state, setState] = useState<'connecting' | 'open' | 'retrying' | 'unsupported'>('connecting');

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setState('unsupported');
      return;
    }
    const source = new EventSource(liveScansUrl(codeId), { withCredentials: true });
    source.onopen = () => setState('open');
    source.onerror = () => setState('retrying');
    source.addEventListener('scans', (event) => {
      const batch = JSON.parse((event as MessageEvent<string>).data) as LiveScan[];
      setScans((shown) => [...[...batch].reverse(), ...shown].slice(0, SHOWN));
      client.setQueryData<RecentMinutes>(analyticsKeys.recent(codeId), (current) => (current ? withLiveScans(current, batch) : current));
    });
    return () => source.close();
  }, [client, codeId]);

  const minutes = recent.data?.minutes ?? [];
  const most = Math.max(1, ...minutes.map((m) => m.scans));
  const total = minutes.reduce((sum, m) => sum + m.scans, 0);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-muted-foreground">
          {state === 'open' && 'Listening: new scans appear here as they happen.'}
          {state === 'connecting' && 'Connecting…'}
          {state === 'retrying' && 'Connection lost: reconnecting…'}
          {state === 'unsupported' && 'This browser cannot show scans live.'}
        </p>
        <Button variant="ghost" size="sm" onClick={onStop}>
          Stop watching
        </Button>
      </div>
      {recent.isError && <p className="text-sm text-destructive">Could not load the last 30 minutes: {getErrorMessage(recent.error, 'Please try again later.')}</p>}
      {recent.isSuccess && (
        <figure className="grid gap-1">
          <div className="flex h-16 items-end gap-px" role="img" aria-label={`${total} scans in the last 30 minutes`}>
            {minutes.map((m) => (
              <div key={m.at} title={`${new Date(m.at).toLocaleTimeString()}: ${m.scans}`} className="flex-1 rounded-t bg-primary/70" style={{ height: `${(m.scans / most) * 100}%`, minHeight: m.scans ? 2 : 0 }} />
            ))}
          </div>
          <figcaption className="text-xs text-muted-foreground">{total} scans in the last 30 minutes</figcaption>
        </figure>
      )}
      <ol aria-label="Latest scans" className="grid gap-1 text-sm">
        {scans.length === 0 && <li className="text-muted-foreground">No scan since you started watching.</li>}
        {scans.map((scan) => (
          <li key={scan.scanId} className="flex flex-wrap gap-x-3">
            <time dateTime={scan.at} className="tabular-nums text-muted-foreground">
              {new Date(scan.at).toLocaleTimeString()}
            </time>
            <span>{place(scan)}</span>
            <span className="text-muted-foreground">{[scan.device, scan.os, scan.browser].filter(Boolean).join(' · ')}</span>
            {scan.variant && <span>Variant {scan.variant}</span>}
            {scan.bot && <span className="text-muted-foreground">(bot or preview, not counted)</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
