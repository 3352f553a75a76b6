import { Controller, HttpCode, Post } from '@nestjs/common';
import { QrPattern, RedirectTableRebuild } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access } from '../sessions/auth.guard';

/** A rebuild reads every code; its answer comes once the table is marked complete again. */
const REBUILD_TIMEOUT_MS = 120_000;

/** Operators: the Redis redirect table the scanners' hot path reads (DESIGN section 4). */
@Controller('api/admin')
export class RedirectTableController {
  constructor(private readonly bus: MessageBus) {}

  /** Rebuilds the table from PostgreSQL; slugs it may be missing are looked up in PostgreSQL meanwhile. */
  @Post('redirect-table/rebuild')
  @Access('admin')
  @HttpCode(200)
  rebuild(): Promise<RedirectTableRebuild> {
    return this.bus.request(QrPattern.RebuildRedirectTable, {}, { timeoutMs: REBUILD_TIMEOUT_MS });
  }
}
