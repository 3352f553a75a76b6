import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CreateWebhookDto, UpdateWebhookDto, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from '@qrd/contracts';
import { Access } from '../sessions/auth.guard';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { WebhooksApiService } from './webhooks-api.service';

/** The workspace's webhook endpoints, managed from the web app with a session by its admins and owners. */
@ApiExcludeController()
@Controller('api/webhooks')
@InWorkspace({ read: 'integrations.manage' })
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksApiService) {}

  @Get()
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(workspace.id);
  }

  /** The answer holds the signing secret: the only time it is shown. */
  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentWorkspace() workspace: WorkspaceContext, @Body() body: CreateWebhookDto): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.create(workspace.id, body);
  }

  @Patch(':id')
  @Access('user')
  update(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') id: string, @Body() body: UpdateWebhookDto): Promise<WebhookEndpointView> {
    return this.webhooks.update(workspace.id, id, body);
  }

  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  delete(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') id: string): Promise<void> {
    return this.webhooks.delete(workspace.id, id);
  }

  @Post(':id/rotate-secret')
  @Access('user')
  @HttpCode(200)
  rotate(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') id: string): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.rotateSecret(workspace.id, id);
  }

  @Get(':id/deliveries')
  @Access('user')
  deliveries(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') id: string): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(workspace.id, id);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @Access('user')
  @HttpCode(202)
  resend(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<void> {
    return this.webhooks.resend(workspace.id, id, deliveryId);
  }

  @Post(':id/test')
  @Access('user')
  @HttpCode(202)
  test(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') id: string): Promise<void> {
    return this.webhooks.sendTest(workspace.id, id);
  }
}
