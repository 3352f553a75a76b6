import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { BulkCodeActions } from './bulk-code-actions.service';
import { CodeCreationService } from './code-creation.service';
import { CodeRules } from './code-rules';
import { CodeUpdatesService } from './code-updates.service';
import { CodesService } from './codes.service';
import { FoldersService } from './folders.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

/** Codes and folders over the queue: reads, creation, changes, bulk actions, the redirect table's lookups. */
@MessageController()
export class CodesHandlers {
  constructor(
    private readonly codes: CodesService,
    private readonly creation: CodeCreationService,
    private readonly rules: CodeRules,
    private readonly updates: CodeUpdatesService,
    private readonly bulk: BulkCodeActions,
    private readonly folders: FoldersService,
  ) {}

  @MessagePattern(QrPattern.ResolveSlug)
  resolve(@Payload() req: Req<QrPattern.ResolveSlug>): Res<QrPattern.ResolveSlug> {
    return this.codes.resolveSlug(req.slug);
  }

  @MessagePattern(QrPattern.RebuildRedirectTable)
  rebuildRedirectTable(): Res<QrPattern.RebuildRedirectTable> {
    return this.codes.rebuildRedirectTable();
  }

  @MessagePattern(QrPattern.CountCodes)
  async count(@Payload() req: Req<QrPattern.CountCodes>): Res<QrPattern.CountCodes> {
    return { count: await this.codes.count(req.userId, req.exceptImport) };
  }

  @MessagePattern(QrPattern.UserStats)
  userStats(@Payload() req: Req<QrPattern.UserStats>): Res<QrPattern.UserStats> {
    return this.codes.userStats(req.userIds);
  }

  @MessagePattern(QrPattern.ListCodes)
  list(@Payload() req: Req<QrPattern.ListCodes>): Res<QrPattern.ListCodes> {
    return this.codes.list(req.userId);
  }

  @MessagePattern(QrPattern.ListCodesPage)
  listPage(@Payload() req: Req<QrPattern.ListCodesPage>): Res<QrPattern.ListCodesPage> {
    const { userId, ...request } = req;
    return this.codes.listPage(userId, request);
  }

  @MessagePattern(QrPattern.GetCode)
  get(@Payload() req: Req<QrPattern.GetCode>): Res<QrPattern.GetCode> {
    return this.codes.get(req.userId, req.codeId);
  }

  @MessagePattern(QrPattern.CreateCode)
  create(@Payload() req: Req<QrPattern.CreateCode>): Res<QrPattern.CreateCode> {
    return this.creation.create(req);
  }

  @MessagePattern(QrPattern.SlugAvailability)
  slugAvailability(@Payload() req: Req<QrPattern.SlugAvailability>): Res<QrPattern.SlugAvailability> {
    return this.rules.slugAvailability(req.userId, req.slug, req.domainId ?? null);
  }

  @MessagePattern(QrPattern.UpdateCode)
  update(@Payload() req: Req<QrPattern.UpdateCode>): Res<QrPattern.UpdateCode> {
    return this.updates.update(req);
  }

  @MessagePattern(QrPattern.SetCodeState)
  setState(@Payload() req: Req<QrPattern.SetCodeState>): Res<QrPattern.SetCodeState> {
    return this.updates.setActive(req.userId, req.codeId, req.active, req.apiKeyName, req.unchangedSince);
  }

  @MessagePattern(QrPattern.DeleteCode)
  async delete(@Payload() req: Req<QrPattern.DeleteCode>): Res<QrPattern.DeleteCode> {
    await this.updates.delete(req.userId, req.codeId, req.apiKeyName, req.unchangedSince);
    return { ok: true };
  }

  @MessagePattern(QrPattern.ListFolders)
  listFolders(@Payload() req: Req<QrPattern.ListFolders>): Res<QrPattern.ListFolders> {
    return this.folders.list(req.userId);
  }

  @MessagePattern(QrPattern.CreateFolder)
  createFolder(@Payload() req: Req<QrPattern.CreateFolder>): Res<QrPattern.CreateFolder> {
    return this.folders.create(req.userId, req.name);
  }

  @MessagePattern(QrPattern.RenameFolder)
  renameFolder(@Payload() req: Req<QrPattern.RenameFolder>): Res<QrPattern.RenameFolder> {
    return this.folders.rename(req.userId, req.folderId, req.name);
  }

  @MessagePattern(QrPattern.DeleteFolder)
  async deleteFolder(@Payload() req: Req<QrPattern.DeleteFolder>): Res<QrPattern.DeleteFolder> {
    await this.folders.delete(req.userId, req.folderId);
    return { ok: true };
  }

  @MessagePattern(QrPattern.ListTags)
  listTags(@Payload() req: Req<QrPattern.ListTags>): Res<QrPattern.ListTags> {
    return this.folders.tags(req.userId);
  }

  @MessagePattern(QrPattern.BulkSetActive)
  bulkSetActive(@Payload() req: Req<QrPattern.BulkSetActive>): Res<QrPattern.BulkSetActive> {
    return this.bulk.bulkSetActive(req.userId, req.ids, req.active, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkDelete)
  bulkDelete(@Payload() req: Req<QrPattern.BulkDelete>): Res<QrPattern.BulkDelete> {
    return this.bulk.bulkDelete(req.userId, req.ids, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkTag)
  bulkTag(@Payload() req: Req<QrPattern.BulkTag>): Res<QrPattern.BulkTag> {
    return this.bulk.bulkTag(req.userId, req.ids, req.tag, req.operation, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkMoveToFolder)
  bulkMoveToFolder(@Payload() req: Req<QrPattern.BulkMoveToFolder>): Res<QrPattern.BulkMoveToFolder> {
    return this.bulk.bulkMoveToFolder(req.userId, req.ids, req.folderId, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkApplyDesignTemplate)
  bulkApplyDesignTemplate(@Payload() req: Req<QrPattern.BulkApplyDesignTemplate>): Res<QrPattern.BulkApplyDesignTemplate> {
    return this.bulk.bulkApplyDesignTemplate(req.userId, req.ids, req.templateId, req.apiKeyName);
  }
}
