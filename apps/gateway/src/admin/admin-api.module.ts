import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { AdminUsersService } from './admin-users.service';

/** /api/admin/users: the back-office user table, suspension and roles. */
@Module({ controllers: [AdminController], providers: [AdminUsersService] })
export class AdminApiModule {}
