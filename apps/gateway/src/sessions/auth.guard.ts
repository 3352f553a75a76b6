import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { APP_CONFIG, AppConfig, requestContext } from '@qrd/config';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiResourceGroup, DomainError, ErrorCode, UserRole, isAdminRole } from '@qrd/contracts';
import { ApiKeyAuthenticator } from '../public-api/api-key-authenticator';
import { Session, SessionStore } from './session.store';
import { SessionCookie } from './session-cookie';
import { namedWorkspace, WorkspaceRequest, WorkspaceResolver, workspaceRuleOf } from './workspace-context';

/**
 * Who may call a route. Every /api route declares one (the authorization test walks them all).
 * 'api-read' / 'api-write': the public API (/api/v1), by API key only; a session never counts there,
 * and a key never counts anywhere else.
 */
export type Access = 'public' | 'user' | 'admin' | 'superadmin' | 'api-read' | 'api-write';
const ACCESS = 'access';

export const Access = (access: Access) => SetMetadata(ACCESS, access);

const API_RESOURCE = 'api-resource';
/** Which of a key's resource groups an /api/v1 route belongs to (every such route says). */
export const ApiResource = (group: ApiResourceGroup) => SetMetadata(API_RESOURCE, group);

export interface SessionRequest extends Request, WorkspaceRequest {
  session?: Session;
}

/** Loads the session from the cookie and enforces the route's declared access level. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly apiKeys: ApiKeyAuthenticator,
    private readonly workspaces: WorkspaceResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS, [context.getHandler(), context.getClass()]);
    const req = context.switchToHttp().getRequest<SessionRequest>();
    if (access === undefined) {
      // Health checks and /metrics live outside /api; everything under /api must say who may call it.
      if (req.path.startsWith('/api/')) throw new DomainError(ErrorCode.Internal, 'Route has no access rule');
      return true;
    }
    if (access === 'api-read' || access === 'api-write') {
      const group = this.reflector.getAllAndOverride<ApiResourceGroup | undefined>(API_RESOURCE, [context.getHandler(), context.getClass()]);
      if (!group) throw new DomainError(ErrorCode.Internal, 'API route has no resource group');
      const principal = await this.apiKeys.authenticate(req, context.switchToHttp().getResponse<Response>(), access === 'api-write' ? 'write' : 'read', group);
      actingUser(principal.actorId ?? principal.userId);
      return true;
    }
    const id = this.cookie.read(req);
    req.session = id ? ((await this.sessions.get(id)) ?? undefined) : undefined;
    if (access === 'public') return true;
    if (!req.session) throw new DomainError(ErrorCode.Unauthenticated, 'Please sign in to continue');
    actingUser(req.session.userId);
    if (access === 'admin' && !isAdminRole(req.session.role)) throw forbidden();
    if (access === 'superadmin' && req.session.role !== 'superadmin') throw forbidden();
    if ((access === 'admin' || access === 'superadmin') && this.config.twoFactor.requireForAdmins && !req.session.twoFactor) {
      throw new DomainError(ErrorCode.Forbidden, ADMIN_TWO_FACTOR_REQUIRED);
    }
    const rule = access === 'user' ? workspaceRuleOf(this.reflector, context) : undefined;
    if (rule) req.workspace = await this.workspaces.resolve(req.session, namedWorkspace(rule, req.headers, req.query), req.method, rule);
    return true;
  }
}

/**
 * Who acts in this request: it goes with every message the request sends (the request context),
 * so the services record the member who made a change (code history) and the logs say whose
 * request it was.
 */
function actingUser(userId: string): void {
  const meta = requestContext.current();
  if (meta) meta.userId = userId;
}

export const ADMIN_TWO_FACTOR_REQUIRED =
  'Turn on two-factor sign-in on your account page (Security) to use the admin area, then sign in with a code.';

function forbidden(): DomainError {
  return new DomainError(ErrorCode.Forbidden, "You don't have permission to do this");
}

/** The signed-in session (routes with access 'user' or above always have one). */
export const CurrentSession = createParamDecorator((_: unknown, context: ExecutionContext): Session => {
  const session = context.switchToHttp().getRequest<SessionRequest>().session;
  if (!session) throw new DomainError(ErrorCode.Unauthenticated, 'Please sign in to continue');
  return session;
});

export type { UserRole };
