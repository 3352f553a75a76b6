import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { FolderDto, FolderView, QrPattern, TagCount } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';

/** The signed-in user's folders; another user's folder answers 404 like a missing one. */
@Controller('api/folders')
export class FoldersController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(@CurrentSession() session: Session): Promise<FolderView[]> {
    return this.bus.request(QrPattern.ListFolders, { userId: session.userId });
  }

  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentSession() session: Session, @Body() dto: FolderDto): Promise<FolderView> {
    return this.bus.request(QrPattern.CreateFolder, { userId: session.userId, name: dto.name });
  }

  @Patch(':id')
  @Access('user')
  rename(@CurrentSession() session: Session, @Param('id') folderId: string, @Body() dto: FolderDto): Promise<FolderView> {
    return this.bus.request(QrPattern.RenameFolder, { userId: session.userId, folderId, name: dto.name });
  }

  /** Its codes stay, in no folder. */
  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async delete(@CurrentSession() session: Session, @Param('id') folderId: string): Promise<void> {
    await this.bus.request(QrPattern.DeleteFolder, { userId: session.userId, folderId });
  }
}

/** The tags on the user's codes, most used first (the dashboard's tag filter). */
@Controller('api/tags')
export class TagsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(@CurrentSession() session: Session): Promise<TagCount[]> {
    return this.bus.request(QrPattern.ListTags, { userId: session.userId });
  }
}
