import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiKeyView, AuthPattern, CreateApiKeyDto, CreatedApiKey } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access } from '../sessions/auth.guard';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { ApiKeyAuthenticator } from './api-key-authenticator';

/** The workspace's API keys, managed from the web app with a session (never with a key) by its admins and owners. */
@ApiExcludeController()
@Controller('api/api-keys')
@InWorkspace({ read: 'integrations.manage' })
export class ApiKeysController {
  constructor(
    private readonly bus: MessageBus,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  @Get()
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext): Promise<ApiKeyView[]> {
    return this.bus.request(AuthPattern.ListApiKeys, { workspaceId: workspace.id });
  }

  /** The answer holds the whole key: the only time it is ever shown. */
  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: CreateApiKeyDto): Promise<CreatedApiKey> {
    return this.bus.request(AuthPattern.CreateApiKey, {
      workspaceId: workspace.id,
      userId: workspace.userId,
      name: dto.name,
      scope: dto.scope,
      ...(dto.resources ? { resources: dto.resources } : {}),
      expiresOn: dto.expiresOn ?? null,
    });
  }

  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async revoke(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') keyId: string): Promise<void> {
    const { keyHash } = await this.bus.request(AuthPattern.RevokeApiKey, { workspaceId: workspace.id, userId: workspace.userId, keyId });
    await this.authenticator.forget(keyHash);
  }
}
