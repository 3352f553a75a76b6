import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CreateWebhookDto, UpdateWebhookDto, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from '@qrd/contracts';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { WebhooksApiService } from './webhooks-api.service';

/** The account's webhook endpoints, managed from the web app with a session. */
@ApiExcludeController()
@Controller('api/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksApiService) {}

  @Get()
  @Access('user')
  list(@CurrentSession() session: Session): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(session.userId);
  }

  /** The answer holds the signing secret: the only time it is shown. */
  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentSession() session: Session, @Body() body: CreateWebhookDto): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.create(session.userId, body);
  }

  @Patch(':id')
  @Access('user')
  update(@CurrentSession() session: Session, @Param('id') id: string, @Body() body: UpdateWebhookDto): Promise<WebhookEndpointView> {
    return this.webhooks.update(session.userId, id, body);
  }

  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  delete(@CurrentSession() session: Session, @Param('id') id: string): Promise<void> {
    return this.webhooks.delete(session.userId, id);
  }

  @Post(':id/rotate-secret')
  @Access('user')
  @HttpCode(200)
  rotate(@CurrentSession() session: Session, @Param('id') id: string): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.rotateSecret(session.userId, id);
  }

  @Get(':id/deliveries')
  @Access('user')
  deliveries(@CurrentSession() session: Session, @Param('id') id: string): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(session.userId, id);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @Access('user')
  @HttpCode(202)
  resend(@CurrentSession() session: Session, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<void> {
    return this.webhooks.resend(session.userId, id, deliveryId);
  }

  @Post(':id/test')
  @Access('user')
  @HttpCode(202)
  test(@CurrentSession() session: Session, @Param('id') id: string): Promise<void> {
    return this.webhooks.sendTest(session.userId, id);
  }
}
