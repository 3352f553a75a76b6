import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiKeyView, AuthPattern, CreateApiKeyDto, CreatedApiKey } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { ApiKeyAuthenticator } from './api-key-authenticator';

/** The account's API keys, managed from the web app with a session (never with a key). */
@ApiExcludeController()
@Controller('api/api-keys')
export class ApiKeysController {
  constructor(
    private readonly bus: MessageBus,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  @Get()
  @Access('user')
  list(@CurrentSession() session: Session): Promise<ApiKeyView[]> {
    return this.bus.request(AuthPattern.ListApiKeys, { userId: session.userId });
  }

  /** The answer holds the whole key: the only time it is ever shown. */
  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentSession() session: Session, @Body() dto: CreateApiKeyDto): Promise<CreatedApiKey> {
    return this.bus.request(AuthPattern.CreateApiKey, {
      userId: session.userId,
      name: dto.name,
      scope: dto.scope,
      ...(dto.resources ? { resources: dto.resources } : {}),
      expiresOn: dto.expiresOn ?? null,
    });
  }

  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async revoke(@CurrentSession() session: Session, @Param('id') keyId: string): Promise<void> {
    const { keyHash } = await this.bus.request(AuthPattern.RevokeApiKey, { userId: session.userId, keyId });
    await this.authenticator.forget(keyHash);
  }
}
