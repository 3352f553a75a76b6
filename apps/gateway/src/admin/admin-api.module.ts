import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { ReconcileController } from './reconcile.controller';
import { AdminUsersService } from './admin-users.service';

/** /api/admin/users: the back-office user table, suspension and roles. */
@Module({ controllers: [AdminController, ReconcileController], providers: [AdminUsersService] })
export class AdminApiModule {}
