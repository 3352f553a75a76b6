import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  BulkDesignTemplateDto,
  BulkFolderDto,
  BulkIdsDto,
  BulkResult,
  BulkTagDto,
  CodeHistoryPage,
  CodePage,
  CodePageQueryDto,
  codePageRequest,
  CreateQrCodeDto,
  isCodePageQuery,
  QrCodeView,
  QrPattern,
  SlugAvailability,
  UpdateQrCodeDto,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { RateLimiter } from '../sessions/rate-limiter';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { historyRequest } from './history-query';
import { MemberNames } from './member-names';

/** The signed-in user's codes. Another user's code answers 404, exactly like a missing one. */
@Controller('api/qrcodes')
@InWorkspace({ read: 'codes.read', write: 'codes.write' })
export class QrCodesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly limiter: RateLimiter,
    private readonly members: MemberNames,
  ) {}

  /**
   * Spec: without parameters, the list of every code (its length is the seat count). With any of
   * limit, cursor, sort, order, q, state, category, tag, folder: one page, {items, nextCursor, total}.
   */
  @Get()
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext, @Query() query: CodePageQueryDto): Promise<QrCodeView[] | CodePage<QrCodeView>> {
    if (!isCodePageQuery(query)) return this.bus.request(QrPattern.ListCodes, { userId: workspace.id });
    return this.bus.request(QrPattern.ListCodesPage, { userId: workspace.id, ...codePageRequest(query) });
  }

  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: CreateQrCodeDto): Promise<QrCodeView> {
    return this.bus.request(QrPattern.CreateCode, { userId: workspace.id, ...dto });
  }

  /**
   * Whether a custom short link is free, as the owner types it: never a 400 for a half-typed one,
   * the reason in words instead. Rate limited per user (it answers what exists).
   */
  @Get('slug-availability')
  @Access('user')
  async slugAvailability(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query('slug') slug: unknown,
    @Query('domainId') domainId: unknown,
  ): Promise<SlugAvailability> {
    await this.limiter.hit({ key: `slug-check:${workspace.id}`, max: 60, windowSeconds: 60 });
    return this.bus.request(QrPattern.SlugAvailability, {
      userId: workspace.id,
      slug: typeof slug === 'string' ? slug.slice(0, 64) : '',
      domainId: typeof domainId === 'string' && domainId !== '' ? domainId.slice(0, 64) : null,
    });
  }

  /*
   * Bulk actions on a selection of up to BULK_MAX_IDS codes: all or nothing (an id that is not one
   * of the user's live codes answers 404 and nothing changes). Declared before the ':id' routes,
   * which "bulk/activate" would otherwise match.
   */
  @Post('bulk/activate')
  @Access('user')
  @HttpCode(200)
  bulkActivate(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: BulkIdsDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkSetActive, { userId: workspace.id, ids: dto.ids, active: true });
  }

  @Post('bulk/deactivate')
  @Access('user')
  @HttpCode(200)
  bulkDeactivate(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: BulkIdsDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkSetActive, { userId: workspace.id, ids: dto.ids, active: false });
  }

  /** Each code deleted leaves its seat free until the period ends, as a single delete does. */
  @Post('bulk/delete')
  @Access('user')
  @HttpCode(200)
  bulkDelete(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: BulkIdsDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkDelete, { userId: workspace.id, ids: dto.ids });
  }

  /** {ids, tag, operation: 'add' | 'remove'}. */
  @Post('bulk/tag')
  @Access('user')
  @HttpCode(200)
  bulkTag(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: BulkTagDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkTag, { userId: workspace.id, ids: dto.ids, tag: dto.tag, operation: dto.operation });
  }

  /** {ids, folderId}: null takes the codes out of their folder. */
  @Post('bulk/folder')
  @Access('user')
  @HttpCode(200)
  bulkFolder(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: BulkFolderDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkMoveToFolder, { userId: workspace.id, ids: dto.ids, folderId: dto.folderId });
  }

  /** {ids, templateId}: each code takes the design template's design (keeping its own logo unless the template has one). */
  @Post('bulk/design-template')
  @Access('user')
  @HttpCode(200)
  bulkDesignTemplate(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: BulkDesignTemplateDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkApplyDesignTemplate, { userId: workspace.id, ids: dto.ids, templateId: dto.templateId });
  }

  @Get(':id')
  @Access('user')
  get(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.GetCode, { userId: workspace.id, codeId });
  }

  /** The code's changes, newest first; another user's code answers 404. */
  @Get(':id/history')
  @Access('user')
  async history(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Param('id') codeId: string,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
  ): Promise<CodeHistoryPage> {
    const { limit: size, cursor: after } = historyRequest({ cursor, limit });
    const page = await this.bus.request(QrPattern.CodeHistory, { userId: workspace.id, codeId, limit: size, cursor: after });
    return { ...page, items: await this.members.add(page.items) };
  }

  @Patch(':id')
  @Access('user')
  update(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Body() dto: UpdateQrCodeDto): Promise<QrCodeView> {
    return this.bus.request(QrPattern.UpdateCode, { userId: workspace.id, codeId, ...dto });
  }

  /** The code's seat stays free for another code until the period ends; the short link answers 404 from now on. */
  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async delete(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string): Promise<void> {
    await this.bus.request(QrPattern.DeleteCode, { userId: workspace.id, codeId });
  }

  @Post(':id/activate')
  @Access('user')
  @HttpCode(200)
  activate(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.SetCodeState, { userId: workspace.id, codeId, active: true });
  }

  /** Scans get the "not active" page; the seat stays billed (DESIGN section 6). */
  @Post(':id/deactivate')
  @Access('user')
  @HttpCode(200)
  deactivate(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.SetCodeState, { userId: workspace.id, codeId, active: false });
  }
}
