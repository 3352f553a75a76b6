import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  AdminDomainStatusDto,
  AdminUserPage,
  DomainPattern,
  DomainView,
  AdminWorkspacePage,
  DOMAIN_MESSAGES,
  DomainError,
  ErrorCode,
  ListUsersQueryDto,
  ListWorkspacesQueryDto,
  SetUserRoleDto,
  SetUserStatusDto,
  UserView,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { AdminUsersService } from './admin-users.service';

/** An id that is not a uuid names no user: the same 404 as an unknown one. */
const UserId = new ParseUUIDPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, 'User not found') });
const DomainId = new ParseUUIDPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, DOMAIN_MESSAGES.notFound) });

@Controller('api/admin')
export class AdminController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly bus: MessageBus,
  ) {}

  @Get('users')
  @Access('admin')
  listUsers(@Query() query: ListUsersQueryDto): Promise<AdminUserPage> {
    return this.users.list(query);
  }

  /** Workspaces with their members, codes, scans and plan (`shared=true`: those with more than one member). */
  @Get('workspaces')
  @Access('admin')
  listWorkspaces(@CurrentSession() session: Session, @Query() query: ListWorkspacesQueryDto): Promise<AdminWorkspacePage> {
    return this.users.workspaces(session, query);
  }

  /** Every custom domain with its workspace, newest first. */
  @Get('domains')
  @Access('admin')
  listDomains(@Query('limit') limit?: string): Promise<(DomainView & { workspaceId: string })[]> {
    const n = Number(limit ?? 200);
    return this.bus.request(DomainPattern.AdminList, { limit: Number.isInteger(n) && n > 0 ? Math.min(n, 1000) : 200 });
  }

  /** Disables a domain at once (its links answer "not found"; its managers are mailed why) or lets it be checked again. */
  @Post('domains/:id/status')
  @Access('admin')
  @HttpCode(200)
  setDomainStatus(@Param('id', DomainId) id: string, @Body() dto: AdminDomainStatusDto): Promise<DomainView> {
    return this.bus.request(DomainPattern.AdminSetDisabled, { domainId: id, disabled: dto.disabled, reason: dto.reason ?? null });
  }

  @Post('users/:id/status')
  @Access('admin')
  @HttpCode(200)
  setStatus(@CurrentSession() actor: Session, @Param('id', UserId) id: string, @Body() dto: SetUserStatusDto): Promise<UserView> {
    return this.users.setStatus(actor, id, dto.status);
  }

  /** Deletes another account for good (its owner is mailed); admins' accounts only by a superadmin. */
  @Delete('users/:id')
  @Access('admin')
  @HttpCode(204)
  deleteUser(@CurrentSession() actor: Session, @Param('id', UserId) id: string): Promise<void> {
    return this.users.deleteUser(actor, id);
  }

  @Post('users/:id/role')
  @Access('superadmin')
  @HttpCode(200)
  setRole(@CurrentSession() actor: Session, @Param('id', UserId) id: string, @Body() dto: SetUserRoleDto): Promise<UserView> {
    return this.users.setRole(actor, id, dto.role);
  }
}
