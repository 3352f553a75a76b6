import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics } from '@qrd/observability';
import { RedirectResolver } from './redirect-resolver';
import { RedirectRoute } from './redirect.route';

/**
 * The redirect-service's own series. The hot path keeps plain numbers (`n++`, nothing allocated
 * per scan); they are read here, at scrape time only.
 */
@Injectable()
export class RedirectMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly resolver: RedirectResolver,
    private readonly route: RedirectRoute,
  ) {}

  onModuleInit(): void {
    const { metrics, resolver, route } = this;
    const { counters } = resolver;
    const { recorder } = route;
    const counter = (name: string, help: string, read: () => number) => metrics.registerCounter(name, help, read);
    const gauge = (name: string, help: string, read: () => number) => metrics.registerGauge(name, help, read);
    metrics.registerCounter(
      'redirect_responses_total',
      'Answers of /r/{slug} by outcome: redirect (302), page (the hosted page of a content code), not_found, inactive (paused or expired), disabled (taken down, 451), unavailable.',
      () => Object.entries(route.outcomes).map(([outcome, value]) => ({ labels: { outcome }, value })),
      ['outcome'],
    );
    counter('redirect_table_lookups_total', 'Slugs looked up in the Redis redirect table (in-process misses).', () => counters.tableLookups);
    counter('redirect_table_reads_total', 'Reads of the Redis redirect table (one MGET for the slugs missed meanwhile).', () => counters.tableReads);
    counter('redirect_unknown_from_table_total', 'Slugs answered unknown because the complete table did not hold them.', () => counters.unknownFromTable);
    counter('redirect_fallback_requests_total', 'Slugs asked of the qr-service while the table was not complete.', () => counters.fallbackRequests);
    counter('redirect_fallback_refused_total', 'Fallback questions refused by the rate limit.', () => counters.fallbackRefused);
    gauge('redirect_cached_entries', 'Codes held in the in-process cache.', () => resolver.cache.size);
    gauge('redirect_cached_unknown_slugs', 'Unknown slugs remembered in-process.', () => resolver.unknown.size);
    counter('redirect_scans_written_total', 'Scans appended to the stream.', () => recorder.written);
    counter('redirect_scans_dropped_total', 'Scans dropped because the buffer was full.', () => recorder.dropped);
    gauge('redirect_scans_unconfirmed', 'Scans appended to the stream and not yet known to be stored (kept to append again if Redis loses them).', () => recorder.unconfirmed);
    counter('redirect_scans_resent_total', 'Scans appended again because Redis lost them before they were stored.', () => recorder.resent);
    gauge('redirect_scans_buffered', 'Scans held in memory, not yet appended to the stream (grows while Redis is away).', () => recorder.pending);
  }
}
