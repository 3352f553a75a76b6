import { Injectable } from '@nestjs/common';
import {
  ActivityPage,
  ActivityPageRequest,
  activityRequestProblem,
  ACTIVITY_SCANS,
  CodeHistoryPage,
  DomainError,
  ErrorCode,
  HistoryPageRequest,
  historyRequestProblem,
} from '@qrd/contracts';
import { CodesService } from '../codes/codes.service';
import { CodeHistoryRepository } from './code-history.repository';
import { mergeActivity } from './activity-feed';
import { ScanActivityRepository } from './scan-activity.repository';

/** Reading the history: one code's (the owner's only) and every code of an owner (Recent Activity). */
@Injectable()
export class CodeHistoryService {
  constructor(
    private readonly history: CodeHistoryRepository,
    private readonly scanActivity: ScanActivityRepository,
    private readonly codes: CodesService,
  ) {}

  async codeHistory(userId: string, codeId: string, request: Pick<HistoryPageRequest, 'limit' | 'cursor'>): Promise<CodeHistoryPage> {
    await this.codes.require(userId, codeId);
    return this.page(userId, { ...request, kind: null, codeId });
  }

  /** Recent Activity: the changes and the scans (per code and hour) of every code of the owner, newest first. */
  async accountActivity(userId: string, request: ActivityPageRequest): Promise<ActivityPage> {
    const problem = activityRequestProblem(request);
    if (problem) throw new DomainError(ErrorCode.Validation, problem);
    const { limit, cursor, kind, codeId } = request;
    const changes =
      kind === ACTIVITY_SCANS ? [] : await this.history.page(userId, { limit, cursor: cursor?.change ?? null, kind, codeId });
    const scans = kind === null || kind === ACTIVITY_SCANS ? await this.scanActivity.page(userId, { limit, after: cursor?.scans ?? null, codeId }) : [];
    return mergeActivity(changes, scans, limit, cursor);
  }

  private async page(userId: string, request: HistoryPageRequest): Promise<CodeHistoryPage> {
    const problem = historyRequestProblem(request);
    if (problem) throw new DomainError(ErrorCode.Validation, problem);
    const rows = await this.history.page(userId, request);
    const items = rows.slice(0, request.limit);
    return { items, nextCursor: rows.length > request.limit ? items[items.length - 1].id : null };
  }
}
