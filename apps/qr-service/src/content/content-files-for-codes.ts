import { Injectable } from '@nestjs/common';
import type { CodeContent, StoredContent } from '@qrd/contracts';
import { EntityManager } from 'typeorm';
import { CodeContentFiles } from '../codes/code-ports';
import { ContentFileJanitor } from './content-file-janitor';
import { ContentService } from './content.service';

/** The codes module's content port: contents checked and stored, their files required and released. */
@Injectable()
export class ContentFilesForCodes implements CodeContentFiles {
  constructor(
    private readonly content: ContentService,
    private readonly janitor: ContentFileJanitor,
  ) {}

  prepare(ownerId: string, content: CodeContent, checkUrl: (field: string, url: string) => void): Promise<StoredContent> {
    return this.content.prepare(ownerId, content, checkUrl);
  }

  requireFiles(tx: EntityManager, ownerId: string, content: StoredContent): Promise<void> {
    return this.content.requireFiles(tx, ownerId, content);
  }

  release(ownerId: string, before: string[], after: string[] = []): Promise<void> {
    return this.janitor.release(ownerId, before, after);
  }

  removeStored(keys: string[]): Promise<number> {
    return this.janitor.removeStored(keys);
  }
}
