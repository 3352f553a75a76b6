import { Controller, Get, Header } from '@nestjs/common';
import { RedirectResolver } from './redirect-resolver';
import { RedirectRoute } from './redirect.route';

/**
 * Counters in the Prometheus text format, on the service's own port (nginx forwards only /r/ to
 * this service, so scanners never reach it).
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly resolver: RedirectResolver,
    private readonly route: RedirectRoute,
  ) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4')
  @Header('cache-control', 'no-store')
  metrics(): string {
    const { counters } = this.resolver;
    const { recorder } = this.route;
    const lines: [string, string, number][] = [
      ['redirect_table_lookups_total', 'Slugs looked up in the Redis redirect table (in-process misses).', counters.tableLookups],
      ['redirect_table_reads_total', 'Reads of the Redis redirect table (one MGET for the slugs missed meanwhile).', counters.tableReads],
      ['redirect_unknown_from_table_total', 'Slugs answered unknown because the complete table did not hold them.', counters.unknownFromTable],
      ['redirect_fallback_requests_total', 'Slugs asked of the qr-service while the table was not complete.', counters.fallbackRequests],
      ['redirect_fallback_refused_total', 'Fallback questions refused by the rate limit.', counters.fallbackRefused],
      ['redirect_cached_entries', 'Codes held in the in-process cache.', this.resolver.cache.size],
      ['redirect_cached_unknown_slugs', 'Unknown slugs remembered in-process.', this.resolver.unknown.size],
      ['redirect_scans_written_total', 'Scans appended to the stream.', recorder.written],
      ['redirect_scans_dropped_total', 'Scans dropped because the buffer was full.', recorder.dropped],
    ];
    return lines.map(([name, help, value]) => `# HELP ${name} ${help}\n# TYPE ${name} ${name.endsWith('_total') ? 'counter' : 'gauge'}\n${name} ${value}\n`).join('');
  }
}
