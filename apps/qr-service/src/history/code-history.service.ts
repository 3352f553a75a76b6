import { Injectable } from '@nestjs/common';
import { CodeHistoryPage, DomainError, ErrorCode, HistoryPageRequest, historyRequestProblem } from '@qrd/contracts';
import { CodesService } from '../codes/codes.service';
import { CodeHistoryRepository } from './code-history.repository';

/** Reading the history: one code's (the owner's only) and every code of an owner (Recent Activity). */
@Injectable()
export class CodeHistoryService {
  constructor(
    private readonly history: CodeHistoryRepository,
    private readonly codes: CodesService,
  ) {}

  async codeHistory(userId: string, codeId: string, request: Pick<HistoryPageRequest, 'limit' | 'cursor'>): Promise<CodeHistoryPage> {
    await this.codes.require(userId, codeId);
    return this.page(userId, { ...request, kind: null, codeId });
  }

  accountActivity(userId: string, request: HistoryPageRequest): Promise<CodeHistoryPage> {
    return this.page(userId, request);
  }

  private async page(userId: string, request: HistoryPageRequest): Promise<CodeHistoryPage> {
    const problem = historyRequestProblem(request);
    if (problem) throw new DomainError(ErrorCode.Validation, problem);
    const rows = await this.history.page(userId, request);
    const items = rows.slice(0, request.limit);
    return { items, nextCursor: rows.length > request.limit ? items[items.length - 1].id : null };
  }
}
