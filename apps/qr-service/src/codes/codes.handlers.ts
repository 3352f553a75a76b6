import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { CodeHistoryService } from '../history/code-history.service';
import { CodeImagesService } from '../images/code-images.service';
import { CodesService } from './codes.service';
import { FoldersService } from './folders.service';
import { QrReconciler } from './qr-reconciler';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

@MessageController()
export class CodesHandlers {
  constructor(
    private readonly codes: CodesService,
    private readonly images: CodeImagesService,
    private readonly reconciler: QrReconciler,
    private readonly history: CodeHistoryService,
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

  @MessagePattern(QrPattern.Reconcile)
  reconcile(): Res<QrPattern.Reconcile> {
    return this.reconciler.run();
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
    return this.codes.create(req);
  }

  @MessagePattern(QrPattern.SlugAvailability)
  slugAvailability(@Payload() req: Req<QrPattern.SlugAvailability>): Res<QrPattern.SlugAvailability> {
    return this.codes.slugAvailability(req.userId, req.slug);
  }

  @MessagePattern(QrPattern.UpdateCode)
  update(@Payload() req: Req<QrPattern.UpdateCode>): Res<QrPattern.UpdateCode> {
    return this.codes.update(req);
  }

  @MessagePattern(QrPattern.SetCodeState)
  setState(@Payload() req: Req<QrPattern.SetCodeState>): Res<QrPattern.SetCodeState> {
    return this.codes.setActive(req.userId, req.codeId, req.active, req.apiKeyName, req.unchangedSince);
  }

  @MessagePattern(QrPattern.DeleteCode)
  async delete(@Payload() req: Req<QrPattern.DeleteCode>): Res<QrPattern.DeleteCode> {
    await this.codes.delete(req.userId, req.codeId, req.apiKeyName, req.unchangedSince);
    return { ok: true };
  }

  @MessagePattern(QrPattern.UpdateDesign)
  updateDesign(@Payload() req: Req<QrPattern.UpdateDesign>): Res<QrPattern.UpdateDesign> {
    return this.images.updateDesign(req.userId, req.codeId, req.design, req.unchangedSince);
  }

  @MessagePattern(QrPattern.SetLogo)
  setLogo(@Payload() req: Req<QrPattern.SetLogo>): Res<QrPattern.SetLogo> {
    return this.images.setLogo(req.userId, req.codeId, req.logoBase64);
  }

  @MessagePattern(QrPattern.CodeHistory)
  codeHistory(@Payload() req: Req<QrPattern.CodeHistory>): Res<QrPattern.CodeHistory> {
    return this.history.codeHistory(req.userId, req.codeId, { limit: req.limit, cursor: req.cursor });
  }

  @MessagePattern(QrPattern.AccountActivity)
  accountActivity(@Payload() req: Req<QrPattern.AccountActivity>): Res<QrPattern.AccountActivity> {
    const { userId, ...request } = req;
    return this.history.accountActivity(userId, request);
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
    return this.codes.bulkSetActive(req.userId, req.ids, req.active, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkDelete)
  bulkDelete(@Payload() req: Req<QrPattern.BulkDelete>): Res<QrPattern.BulkDelete> {
    return this.codes.bulkDelete(req.userId, req.ids, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkTag)
  bulkTag(@Payload() req: Req<QrPattern.BulkTag>): Res<QrPattern.BulkTag> {
    return this.codes.bulkTag(req.userId, req.ids, req.tag, req.operation, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkMoveToFolder)
  bulkMoveToFolder(@Payload() req: Req<QrPattern.BulkMoveToFolder>): Res<QrPattern.BulkMoveToFolder> {
    return this.codes.bulkMoveToFolder(req.userId, req.ids, req.folderId, req.apiKeyName);
  }

  @MessagePattern(QrPattern.BulkApplyDesignTemplate)
  bulkApplyDesignTemplate(@Payload() req: Req<QrPattern.BulkApplyDesignTemplate>): Res<QrPattern.BulkApplyDesignTemplate> {
    return this.codes.bulkApplyDesignTemplate(req.userId, req.ids, req.templateId, req.apiKeyName);
  }
}
