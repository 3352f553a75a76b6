import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { CreateDomainDto, DOMAIN_MESSAGES, DomainError, DomainPattern, DomainView, ErrorCode, redirectHostsKey, UpdateDomainDto } from '@qrd/contracts';
import { MessageBus, REDIS } from '@qrd/messaging';
import { Access } from '../sessions/auth.guard';
import { RateLimiter } from '../sessions/rate-limiter';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';

/** An id that is not a uuid names no domain: the same 404 as an unknown one. */
const DomainId = new ParseUUIDPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, DOMAIN_MESSAGES.notFound) });

/** A workspace's custom short domains (docs/custom-domains.md), managed by its admins and owners. */
@ApiExcludeController()
@Controller('api/domains')
// Members who create codes read the list too (to choose a code's domain); only admins and owners change it.
@InWorkspace({ read: ['domains.manage', 'codes.write'], write: 'domains.manage' })
export class DomainsController {
  constructor(
    private readonly bus: MessageBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Get()
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext): Promise<DomainView[]> {
    return this.bus.request(DomainPattern.List, { userId: workspace.id });
  }

  @Post()
  @Access('user')
  @HttpCode(201)
  async create(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: CreateDomainDto): Promise<DomainView> {
    await this.limiter.hit({ key: `domains:${workspace.id}`, max: 30, windowSeconds: 3600 });
    return this.bus.request(DomainPattern.Create, { userId: workspace.id, hostname: dto.hostname });
  }

  @Patch(':id')
  @Access('user')
  update(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id', DomainId) id: string, @Body() dto: UpdateDomainDto): Promise<DomainView> {
    return this.bus.request(DomainPattern.Update, { userId: workspace.id, domainId: id, ...dto });
  }

  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async delete(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id', DomainId) id: string): Promise<void> {
    await this.bus.request(DomainPattern.Delete, { userId: workspace.id, domainId: id });
  }

  /** Reads the domain's DNS records now. */
  @Post(':id/check')
  @Access('user')
  @HttpCode(200)
  async check(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id', DomainId) id: string): Promise<DomainView> {
    await this.limiter.hit({ key: `domain-checks:${workspace.id}`, max: 60, windowSeconds: 3600 });
    return this.bus.request(DomainPattern.Check, { userId: workspace.id, domainId: id });
  }
}

/** The TLS edge's question, asked with no session: a route of its own, outside any workspace. */
@ApiExcludeController()
@Controller('api/domains')
export class DomainCertificatesController {
  private readonly hostsKey: string;
  private readonly ownHost: string;

  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.hostsKey = redirectHostsKey(config.redisPrefix);
    this.ownHost = new URL(config.publicBaseUrl).hostname.toLowerCase();
  }

  /**
   * The TLS edge's on-demand `ask` (Caddy): 200 for our own host and the custom domains that serve
   * links, 404 for any other name, so no certificate is ever requested for a name that is not ours.
   */
  @Get('certificate-allowed')
  @Access('public')
  async certificateAllowed(@Query('domain') domain: unknown, @Res({ passthrough: true }) res: Response): Promise<{ allowed: boolean }> {
    const host = typeof domain === 'string' ? domain.trim().toLowerCase().replace(/\.$/, '') : '';
    const allowed = host !== '' && host.length <= 253 && (host === this.ownHost || (await this.redis.hexists(this.hostsKey, host)) === 1);
    res.status(allowed ? 200 : 404);
    return { allowed };
  }
}
