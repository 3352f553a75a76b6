import type { Reader } from './reader';

/** The scan stream and the raw scans: how scans travel from the redirect-service to storage, and how long they stay. */
export interface ScanConfig {
  /**
   * How many streams the scans are spread over (SCAN_STREAM_SHARDS, default 1: the stream keeps
   * its name `<prefix>:scans`). On a Redis Cluster, several shards spread the scan firehose over
   * the masters; each qr-service replica runs SCAN_INGESTORS readers on each shard.
   */
  scanStreamShards: number;
  /** How long a read scan may stay unacknowledged before another ingestor takes it over (its reader died). */
  scanClaimIdleMs: number;
  /** Scan stream readers per qr-service process: one stores a batch while another prepares the next. */
  scanIngestors: number;
  /** Most scans one reader stores in one transaction while a backlog drains (larger: less work per scan, more memory). */
  scanBatchMax: number;
  /** After a batch that was not full, a reader waits until this long after its last read began (fewer, larger batches). */
  scanLingerMs: number;
  /**
   * Most scans the scan stream holds not yet stored (SCAN_STREAM_MAX_LENGTH): the bound on Redis
   * memory while the ingestors are down. A full stream takes no more; the redirect-service keeps
   * the newest in its memory meanwhile (up to 100,000 each), then drops and counts them.
   */
  scanStreamMaxLength: number;
  /** Months of raw scans kept (the current one included); rollups are kept for the life of a code. */
  scanRetentionMonths: number;
}

/** SCAN_STREAM_SHARDS, SCAN_CLAIM_IDLE_MS, SCAN_INGESTORS, SCAN_BATCH_MAX, SCAN_LINGER_MS, SCAN_STREAM_MAX_LENGTH, SCAN_RETENTION_MONTHS. */
export function readScanConfig(r: Reader): ScanConfig {
  return {
    scanStreamShards: r.int('SCAN_STREAM_SHARDS', 1, 1, 64),
    scanClaimIdleMs: r.int('SCAN_CLAIM_IDLE_MS', 60_000, 100, 3_600_000),
    scanIngestors: r.int('SCAN_INGESTORS', 2, 1, 16),
    scanBatchMax: r.int('SCAN_BATCH_MAX', 50_000, 500, 200_000),
    scanLingerMs: r.int('SCAN_LINGER_MS', 250, 0, 5_000),
    scanStreamMaxLength: r.int('SCAN_STREAM_MAX_LENGTH', 1_000_000, 1_000, 100_000_000),
    scanRetentionMonths: r.int('SCAN_RETENTION_MONTHS', 13, 1, 1200),
  };
}
