import { Module } from '@nestjs/common';
import { WorkspacesController } from './workspaces.controller';

/** /api/workspaces/* and /api/invitations/*. */
@Module({ controllers: [WorkspacesController] })
export class WorkspacesApiModule {}
