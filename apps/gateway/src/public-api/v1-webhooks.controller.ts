import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyPrincipal, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from '@qrd/contracts';
import { Access, ApiResource } from '../sessions/auth.guard';
import { ApiCaller } from './api-caller.decorator';
import { ApiProblems } from './problem-responses';
import { V1CreateWebhookBody, V1UpdateWebhookBody, V1WebhookDelivery, V1WebhookEndpoint, V1WebhookEndpointWithSecret } from './v1-webhooks.schemas';
import { WebhooksApiService } from './webhooks-api.service';

@ApiTags('Webhooks')
@ApiBearerAuth()
@ApiResource('webhooks')
@Controller('api/v1/webhooks')
export class V1WebhooksController {
  constructor(private readonly webhooks: WebhooksApiService) {}

  @Get()
  @Access('api-read')
  @ApiOperation({ operationId: 'listWebhooks', summary: 'List webhook endpoints' })
  @ApiOkResponse({ type: [V1WebhookEndpoint] })
  @ApiProblems(401, 429)
  list(@ApiCaller() key: ApiKeyPrincipal): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(key.userId);
  }

  @Post()
  @Access('api-write')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createWebhook', summary: 'Register a webhook endpoint (the answer holds its signing secret, shown once)' })
  @ApiCreatedResponse({ type: V1WebhookEndpointWithSecret })
  @ApiProblems(400, 401, 403, 409, 429)
  create(@ApiCaller() key: ApiKeyPrincipal, @Body() body: V1CreateWebhookBody): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.create(key.userId, body);
  }

  @Patch(':id')
  @Access('api-write')
  @ApiOperation({ operationId: 'updateWebhook', summary: 'Change the URL or events of an endpoint, or disable or enable it' })
  @ApiOkResponse({ type: V1WebhookEndpoint })
  @ApiProblems(400, 401, 403, 404, 429)
  update(@ApiCaller() key: ApiKeyPrincipal, @Param('id') id: string, @Body() body: V1UpdateWebhookBody): Promise<WebhookEndpointView> {
    return this.webhooks.update(key.userId, id, body);
  }

  @Delete(':id')
  @Access('api-write')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteWebhook', summary: 'Delete an endpoint and its delivery log' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(401, 403, 404, 429)
  delete(@ApiCaller() key: ApiKeyPrincipal, @Param('id') id: string): Promise<void> {
    return this.webhooks.delete(key.userId, id);
  }

  @Post(':id/rotate-secret')
  @Access('api-write')
  @HttpCode(200)
  @ApiOperation({ operationId: 'rotateWebhookSecret', summary: 'Replace the signing secret (the old one stops at once)' })
  @ApiOkResponse({ type: V1WebhookEndpointWithSecret })
  @ApiProblems(401, 403, 404, 429)
  rotate(@ApiCaller() key: ApiKeyPrincipal, @Param('id') id: string): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.rotateSecret(key.userId, id);
  }

  @Get(':id/deliveries')
  @Access('api-read')
  @ApiOperation({ operationId: 'listWebhookDeliveries', summary: 'The latest 50 delivery attempts of an endpoint, newest first' })
  @ApiOkResponse({ type: [V1WebhookDelivery] })
  @ApiProblems(401, 404, 429)
  deliveries(@ApiCaller() key: ApiKeyPrincipal, @Param('id') id: string): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(key.userId, id);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @Access('api-write')
  @HttpCode(202)
  @ApiOperation({ operationId: 'resendWebhookDelivery', summary: 'Send the event of a logged delivery again (same webhook-id)' })
  @ApiAcceptedResponse({ description: 'Queued' })
  @ApiProblems(401, 403, 404, 409, 429)
  resend(@ApiCaller() key: ApiKeyPrincipal, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<void> {
    return this.webhooks.resend(key.userId, id, deliveryId);
  }

  @Post(':id/test')
  @Access('api-write')
  @HttpCode(202)
  @ApiOperation({ operationId: 'sendWebhookTest', summary: 'Send a webhook.test event to the endpoint' })
  @ApiAcceptedResponse({ description: 'Queued' })
  @ApiProblems(401, 403, 404, 409, 429)
  test(@ApiCaller() key: ApiKeyPrincipal, @Param('id') id: string): Promise<void> {
    return this.webhooks.sendTest(key.userId, id);
  }
}
