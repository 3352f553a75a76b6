import type { LiveScan, RecentMinutes } from '@qrd/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { getErrorMessage } from '../../../lib/api-client';
import { analyticsKeys } from '../api/keys';
import { getRecentMinutes, liveScansUrl } from '../api/analytics';
import { deviceName } from '../lib/figures';

const lastMinutes = defineMessages<string>({
  x: { id: 'analytics.live.lastMinutes', defaultMessage: '{count, plural, one {# scan} other {# scans}} in the last 30 minutes' },
}).x;

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

function place(intl: IntlShape, scan: LiveScan): string {
  if (scan.city && scan.country) return intl.formatMessage({ id: 'analytics.live.cityInCountry', defaultMessage: '{city}, {country}' }, { city: scan.city, country: scan.country });
  return scan.city || scan.country || intl.formatMessage({ id: 'analytics.live.unknownPlace', defaultMessage: 'Unknown place' });
}

/** Data values side by side (device, system, browser), not a sentence. */
const DOT = ' · ';

/** Scans as they happen (Server-Sent Events) and the last 30 minutes, opened on request. */
export function LiveScans({ codeId }: { codeId: string }) {
  const [watching, setWatching] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="analytics.live.title" defaultMessage="Live" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="analytics.live.description" defaultMessage="Scans as they happen, and the last 30 minutes minute by minute." />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {watching ? (
          <LiveFeed codeId={codeId} onStop={() => setWatching(false)} />
        ) : (
          <Button variant="outline" onClick={() => setWatching(true)}>
            <Radio aria-hidden="true" /> <FormattedMessage id="analytics.live.watch" defaultMessage="Watch live" />
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function LiveFeed({ codeId, onStop }: { codeId: string; onStop: () => void }) {
  const intl = useIntl();
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
          <FormattedMessage
            id="analytics.live.state"
            defaultMessage="{state, select, open {Listening: new scans appear here as they happen.} connecting {Connecting…} retrying {Connection lost: reconnecting…} other {This browser cannot show scans live.}}"
            values={{ state }}
          />
        </p>
        <Button variant="ghost" size="sm" onClick={onStop}>
          <FormattedMessage id="analytics.live.stop" defaultMessage="Stop watching" />
        </Button>
      </div>
      {recent.isError && (
        <p className="text-sm text-destructive">
          <FormattedMessage
            id="analytics.live.recentFailed"
            defaultMessage="Could not load the last 30 minutes: {reason}"
            values={{ reason: getErrorMessage(recent.error, intl.formatMessage({ id: 'analytics.live.tryLater', defaultMessage: 'Please try again later.' })) }}
          />
        </p>
      )}
      {recent.isSuccess && (
        <figure className="grid gap-1">
          <div className="flex h-16 items-end gap-px" role="img" aria-label={intl.formatMessage(lastMinutes, { count: total })}>
            {minutes.map((m) => (
              <div key={m.at} title={intl.formatMessage({ id: 'analytics.live.minute', defaultMessage: '{time}: {count, number}' }, { time: intl.formatTime(m.at), count: m.scans })} className="flex-1 rounded-t bg-primary/70" style={{ height: `${(m.scans / most) * 100}%`, minHeight: m.scans ? 2 : 0 }} />
            ))}
          </div>
          <figcaption className="text-xs text-muted-foreground">{intl.formatMessage(lastMinutes, { count: total })}</figcaption>
        </figure>
      )}
      <ol aria-label={intl.formatMessage({ id: 'analytics.live.latest', defaultMessage: 'Latest scans' })} className="grid gap-1 text-sm">
        {scans.length === 0 && (
          <li className="text-muted-foreground">
            <FormattedMessage id="analytics.live.none" defaultMessage="No scan since you started watching." />
          </li>
        )}
        {scans.map((scan) => (
          <li key={scan.scanId} className="flex flex-wrap gap-x-3">
            <time dateTime={scan.at} className="tabular-nums text-muted-foreground">
              {intl.formatTime(scan.at, { hour: 'numeric', minute: '2-digit', second: '2-digit' })}
            </time>
            <span>{place(intl, scan)}</span>
            <span className="text-muted-foreground">{[scan.device && deviceName(intl, scan.device), scan.os, scan.browser].filter(Boolean).join(DOT)}</span>
            {scan.variant && (
              <span>
                <FormattedMessage id="analytics.live.variant" defaultMessage="Variant {variant}" values={{ variant: scan.variant }} />
              </span>
            )}
            {scan.bot && (
              <span className="text-muted-foreground">
                <FormattedMessage id="analytics.live.bot" defaultMessage="(bot or preview, not counted)" />
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
