import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { SessionCookie } from './session-cookie';
import { SessionStore } from './session.store';
import { SessionEventsController } from './session-events.controller';
import { RateLimiter } from './rate-limiter';
import { WorkspaceResolver } from './workspace-context';
import { ApiKeyAuthenticator } from '../public-api/api-key-authenticator';

@Global()
@Module({
  controllers: [SessionEventsController],
  providers: [SessionStore, SessionCookie, RateLimiter, ApiKeyAuthenticator, WorkspaceResolver, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionStore, SessionCookie, RateLimiter, ApiKeyAuthenticator],
})
export class SessionsModule {}
