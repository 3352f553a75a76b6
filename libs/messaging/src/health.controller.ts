import { Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Optional } from '@nestjs/common';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from './messaging.module';

/** Readiness: answers 200 only when this process can reach its PostgreSQL and Redis. */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  @Get()
  @HttpCode(200)
  async check(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    result.redis = await this.redis
      .ping()
      .then(() => 'ok')
      .catch((e: Error) => `down: ${e.message}`);
    if (this.dataSource) {
      result.postgres = await this.dataSource
        .query('SELECT 1')
        .then(() => 'ok')
        .catch((e: Error) => `down: ${e.message}`);
    }
    const healthy = Object.values(result).every((v) => v === 'ok');
    if (!healthy) throw new HttpException({ status: 'unavailable', ...result }, HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'ok', ...result };
  }
}
