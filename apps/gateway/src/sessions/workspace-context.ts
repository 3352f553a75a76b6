import { ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { AuthPattern, can, DomainError, ErrorCode, WorkspacePermission, WorkspaceRole } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import type { Session } from './session.store';

/** The request header naming the workspace a request acts in; without it, the caller's personal workspace. */
export const WORKSPACE_HEADER = 'x-workspace';

/**
 * What a route needs in the workspace it acts in: `read` for GET and HEAD, `write` for the rest.
 * A member holding any one of the permissions listed passes. Set on a controller (its routes'
 * default) or on a route (which then wins).
 */
export interface WorkspaceRule {
  read: WorkspacePermission | WorkspacePermission[];
  write?: WorkspacePermission | WorkspacePermission[];
  /**
   * A download opened by a link (which cannot send the header) names the workspace in
   * `?workspace=`; the header wins when both are there.
   */
  fromQuery?: boolean;
}

/** The workspace a request names: its header, or for a route that allows it, its `?workspace=`. */
export function namedWorkspace(
  rule: WorkspaceRule,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown> | undefined,
): string | string[] | undefined {
  const header = headers[WORKSPACE_HEADER];
  if (header !== undefined || !rule.fromQuery) return header;
  const fromQuery = query?.workspace;
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

const WORKSPACE_RULE = 'workspace-rule';
export const InWorkspace = (rule: WorkspaceRule) => SetMetadata(WORKSPACE_RULE, rule);

export function workspaceRuleOf(reflector: Reflector, context: ExecutionContext): WorkspaceRule | undefined {
  return reflector.getAllAndOverride<WorkspaceRule | undefined>(WORKSPACE_RULE, [context.getHandler(), context.getClass()]);
}

/** The workspace a request acts in, and the caller's role there. */
export interface WorkspaceContext {
  /** The workspace: the owner of every code, folder, scan and seat the route touches. */
  id: string;
  role: WorkspaceRole;
  /** The person acting. */
  userId: string;
}

export interface WorkspaceRequest {
  workspace?: WorkspaceContext;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves the workspace of a request. The personal workspace (no header, or the caller's own id)
 * needs no lookup: its id is the account's and the account owns it. Any other is asked of the
 * auth-service on every request, never cached, so a member removed loses access with their next
 * request. Not a member: 404, as for another account's code; a role without the permission: 403.
 */
@Injectable()
export class WorkspaceResolver {
  constructor(private readonly bus: MessageBus) {}

  async resolve(session: Session, header: string | string[] | undefined, method: string, rule: WorkspaceRule): Promise<WorkspaceContext> {
    const requested = Array.isArray(header) ? header[0] : header;
    const id = requested?.trim() || session.userId;
    let role: WorkspaceRole | null = id === session.userId ? 'owner' : null;
    if (!role) {
      if (!UUID.test(id)) throw notFound();
      role = (await this.bus.request(AuthPattern.WorkspaceRole, { userId: session.userId, workspaceId: id })).role;
      if (!role) throw notFound();
    }
    const needed = method === 'GET' || method === 'HEAD' ? rule.read : (rule.write ?? rule.read);
    const any = Array.isArray(needed) ? needed : [needed];
    if (!any.some((permission) => can(role, permission))) {
      throw new DomainError(ErrorCode.Forbidden, `Your role in this workspace (${role}) does not allow this`);
    }
    return { id, role, userId: session.userId };
  }
}

function notFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, 'Workspace not found');
}

/** The workspace the request acts in (routes marked with InWorkspace always have one). */
export const CurrentWorkspace = createParamDecorator((_: unknown, context: ExecutionContext): WorkspaceContext => {
  const workspace = context.switchToHttp().getRequest<WorkspaceRequest>().workspace;
  if (!workspace) throw new DomainError(ErrorCode.Internal, 'Route has no workspace rule');
  return workspace;
});
