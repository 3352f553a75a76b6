import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Put, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { CONVERSION_MESSAGES, ConversionPattern, ConversionSettingsDto, ConversionSettingsView, ConversionView, DomainError, ErrorCode } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access } from '../sessions/auth.guard';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';

/** A workspace's conversion settings: its Stripe endpoint and the attribution window (docs/conversions.md). */
@ApiExcludeController()
@Controller('api/conversions')
@InWorkspace({ read: 'integrations.manage' })
export class ConversionSettingsController {
  constructor(private readonly bus: MessageBus) {}

  @Get('settings')
  @Access('user')
  settings(@CurrentWorkspace() workspace: WorkspaceContext): Promise<ConversionSettingsView> {
    return this.bus.request(ConversionPattern.GetSettings, { userId: workspace.id });
  }

  @Put('settings')
  @Access('user')
  save(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: ConversionSettingsDto): Promise<ConversionSettingsView> {
    return this.bus.request(ConversionPattern.SetSettings, { userId: workspace.id, stripeWebhookSecret: dto.stripeWebhookSecret ?? null });
  }
}

/** An id that is not a uuid names no workspace: the same 404 as one without an endpoint. */
const WorkspaceId = new ParseUUIDPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, CONVERSION_MESSAGES.notConfigured) });

/** Sales from a workspace's own Stripe account: verified by signature on the exact bytes Stripe sent, with the workspace's secret. */
@ApiExcludeController()
@Controller('api/webhooks/stripe-conversions')
export class StripeConversionsController {
  constructor(private readonly bus: MessageBus) {}

  @Post(':workspaceId')
  @Access('public')
  @HttpCode(200)
  receive(
    @Param('workspaceId', WorkspaceId) workspaceId: string,
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; conversion: ConversionView | null }> {
    if (!req.rawBody || !signature) throw new DomainError(ErrorCode.Validation, CONVERSION_MESSAGES.signature);
    return this.bus.request(ConversionPattern.StripeEvent, { workspaceId, payload: req.rawBody.toString('utf8'), signature });
  }
}
