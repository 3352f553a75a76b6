import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { CodeRecord } from '../codes/code.record';
import { CodeChangeAuthor, CodeHistoryLog } from '../codes/code-ports';
import { codeChanges, creationChanges } from './code-diff';
import { CodeHistoryRepository } from './code-history.repository';

/** The codes module's history port: each change of a code diffed and written in its transaction. */
@Injectable()
export class CodeHistoryWriter implements CodeHistoryLog {
  constructor(private readonly history: CodeHistoryRepository) {}

  created(tx: EntityManager, author: CodeChangeAuthor, code: CodeRecord): Promise<void> {
    return this.history.record(tx, author, [creationChanges(code)]);
  }

  changed(tx: EntityManager, author: CodeChangeAuthor, before: CodeRecord, after: CodeRecord): Promise<void> {
    return this.history.record(tx, author, codeChanges(before, after));
  }

  deleted(tx: EntityManager, author: CodeChangeAuthor): Promise<void> {
    return this.history.record(tx, author, [{ kind: 'deleted', changes: [] }]);
  }

  differs(before: CodeRecord, after: CodeRecord): boolean {
    return codeChanges(before, after).length > 0;
  }
}
