import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { FolderDto, FolderView, QrPattern, TagCount } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';

/** The signed-in user's folders; another user's folder answers 404 like a missing one. */
@Controller('api/folders')
@InWorkspace({ read: 'codes.read', write: 'codes.write' })
export class FoldersController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext): Promise<FolderView[]> {
    return this.bus.request(QrPattern.ListFolders, { userId: workspace.id });
  }

  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: FolderDto): Promise<FolderView> {
    return this.bus.request(QrPattern.CreateFolder, { userId: workspace.id, name: dto.name });
  }

  @Patch(':id')
  @Access('user')
  rename(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') folderId: string, @Body() dto: FolderDto): Promise<FolderView> {
    return this.bus.request(QrPattern.RenameFolder, { userId: workspace.id, folderId, name: dto.name });
  }

  /** Its codes stay, in no folder. */
  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async delete(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') folderId: string): Promise<void> {
    await this.bus.request(QrPattern.DeleteFolder, { userId: workspace.id, folderId });
  }
}

/** The tags on the user's codes, most used first (the dashboard's tag filter). */
@Controller('api/tags')
@InWorkspace({ read: 'codes.read', write: 'codes.write' })
export class TagsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext): Promise<TagCount[]> {
    return this.bus.request(QrPattern.ListTags, { userId: workspace.id });
  }
}
