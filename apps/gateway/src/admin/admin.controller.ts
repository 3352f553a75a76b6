import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  AdminUserPage,
  AdminWorkspacePage,
  DomainError,
  ErrorCode,
  ListUsersQueryDto,
  ListWorkspacesQueryDto,
  SetUserRoleDto,
  SetUserStatusDto,
  UserView,
} from '@qrd/contracts';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { AdminUsersService } from './admin-users.service';

/** An id that is not a uuid names no user: the same 404 as an unknown one. */
const UserId = new ParseUUIDPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, 'User not found') });

@Controller('api/admin')
export class AdminController {
  constructor(private readonly users: AdminUsersService) {}

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
