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
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { historyRequest } from './history-query';

/** The signed-in user's codes. Another user's code answers 404, exactly like a missing one. */
@Controller('api/qrcodes')
export class QrCodesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Spec: without parameters, the list of every code (its length is the seat count). With any of
   * limit, cursor, sort, order, q, state, category, tag, folder: one page, {items, nextCursor, total}.
   */
  @Get()
  @Access('user')
  list(@CurrentSession() session: Session, @Query() query: CodePageQueryDto): Promise<QrCodeView[] | CodePage<QrCodeView>> {
    if (!isCodePageQuery(query)) return this.bus.request(QrPattern.ListCodes, { userId: session.userId });
    return this.bus.request(QrPattern.ListCodesPage, { userId: session.userId, ...codePageRequest(query) });
  }

  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentSession() session: Session, @Body() dto: CreateQrCodeDto): Promise<QrCodeView> {
    return this.bus.request(QrPattern.CreateCode, { userId: session.userId, ...dto });
  }

  /**
   * Whether a custom short link is free, as the owner types it: never a 400 for a half-typed one,
   * the reason in words instead. Rate limited per user (it answers what exists).
   */
  @Get('slug-availability')
  @Access('user')
  async slugAvailability(@CurrentSession() session: Session, @Query('slug') slug: unknown): Promise<SlugAvailability> {
    await this.limiter.hit({ key: `slug-check:${session.userId}`, max: 60, windowSeconds: 60 });
    return this.bus.request(QrPattern.SlugAvailability, { userId: session.userId, slug: typeof slug === 'string' ? slug.slice(0, 64) : '' });
  }

  /*
   * Bulk actions on a selection of up to BULK_MAX_IDS codes: all or nothing (an id that is not one
   * of the user's live codes answers 404 and nothing changes). Declared before the ':id' routes,
   * which "bulk/activate" would otherwise match.
   */
  @Post('bulk/activate')
  @Access('user')
  @HttpCode(200)
  bulkActivate(@CurrentSession() session: Session, @Body() dto: BulkIdsDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkSetActive, { userId: session.userId, ids: dto.ids, active: true });
  }

  @Post('bulk/deactivate')
  @Access('user')
  @HttpCode(200)
  bulkDeactivate(@CurrentSession() session: Session, @Body() dto: BulkIdsDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkSetActive, { userId: session.userId, ids: dto.ids, active: false });
  }

  /** Each code deleted leaves its seat free until the period ends, as a single delete does. */
  @Post('bulk/delete')
  @Access('user')
  @HttpCode(200)
  bulkDelete(@CurrentSession() session: Session, @Body() dto: BulkIdsDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkDelete, { userId: session.userId, ids: dto.ids });
  }

  /** {ids, tag, operation: 'add' | 'remove'}. */
  @Post('bulk/tag')
  @Access('user')
  @HttpCode(200)
  bulkTag(@CurrentSession() session: Session, @Body() dto: BulkTagDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkTag, { userId: session.userId, ids: dto.ids, tag: dto.tag, operation: dto.operation });
  }

  /** {ids, folderId}: null takes the codes out of their folder. */
  @Post('bulk/folder')
  @Access('user')
  @HttpCode(200)
  bulkFolder(@CurrentSession() session: Session, @Body() dto: BulkFolderDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkMoveToFolder, { userId: session.userId, ids: dto.ids, folderId: dto.folderId });
  }

  /** {ids, templateId}: each code takes the design template's design (keeping its own logo unless the template has one). */
  @Post('bulk/design-template')
  @Access('user')
  @HttpCode(200)
  bulkDesignTemplate(@CurrentSession() session: Session, @Body() dto: BulkDesignTemplateDto): Promise<BulkResult> {
    return this.bus.request(QrPattern.BulkApplyDesignTemplate, { userId: session.userId, ids: dto.ids, templateId: dto.templateId });
  }

  @Get(':id')
  @Access('user')
  get(@CurrentSession() session: Session, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.GetCode, { userId: session.userId, codeId });
  }

  /** The code's changes, newest first; another user's code answers 404. */
  @Get(':id/history')
  @Access('user')
  history(
    @CurrentSession() session: Session,
    @Param('id') codeId: string,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
  ): Promise<CodeHistoryPage> {
    const { limit: size, cursor: after } = historyRequest({ cursor, limit });
    return this.bus.request(QrPattern.CodeHistory, { userId: session.userId, codeId, limit: size, cursor: after });
  }

  @Patch(':id')
  @Access('user')
  update(@CurrentSession() session: Session, @Param('id') codeId: string, @Body() dto: UpdateQrCodeDto): Promise<QrCodeView> {
    return this.bus.request(QrPattern.UpdateCode, { userId: session.userId, codeId, ...dto });
  }

  /** The code's seat stays free for another code until the period ends; the short link answers 404 from now on. */
  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async delete(@CurrentSession() session: Session, @Param('id') codeId: string): Promise<void> {
    await this.bus.request(QrPattern.DeleteCode, { userId: session.userId, codeId });
  }

  @Post(':id/activate')
  @Access('user')
  @HttpCode(200)
  activate(@CurrentSession() session: Session, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.SetCodeState, { userId: session.userId, codeId, active: true });
  }

  /** Scans get the "not active" page; the seat stays billed (DESIGN section 6). */
  @Post(':id/deactivate')
  @Access('user')
  @HttpCode(200)
  deactivate(@CurrentSession() session: Session, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.bus.request(QrPattern.SetCodeState, { userId: session.userId, codeId, active: false });
  }
}
