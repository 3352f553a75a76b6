/**
 * What the codes module needs of the features built on it, as narrow ports: codes/ declares each
 * one here (an abstract class is its Nest injection token) and the owning feature provides it
 * (history, content, abuse, scans, webhooks), so codes/ never imports those features.
 */
import { contentFileIds } from '@qrd/contracts';
import type { CodeContent, CodeHistoryActor, StoredContent } from '@qrd/contracts';
import type { EntityManager } from 'typeorm';
import type { CodeRecord } from './code.record';

/** Whose change: the owner (through a session, or an API key named here), an admin, or the system. */
export interface CodeChangeAuthor {
  codeId: string;
  ownerId: string;
  actor: CodeHistoryActor;
  apiKeyName?: string | null;
}

/** The code's history, written inside the change's transaction (provided by history/). */
export abstract class CodeHistoryLog {
  /** Within `tx`: the code was created (where it leads and what it was set up with). */
  abstract created(tx: EntityManager, author: CodeChangeAuthor, code: CodeRecord): Promise<void>;
  /** Within `tx`: what differs between the two versions (nothing when nothing does). */
  abstract changed(tx: EntityManager, author: CodeChangeAuthor, before: CodeRecord, after: CodeRecord): Promise<void>;
  /** Within `tx`: the code was deleted. */
  abstract deleted(tx: EntityManager, author: CodeChangeAuthor): Promise<void>;
  /** Whether `after` differs from `before` in anything the history records. */
  abstract differs(before: CodeRecord, after: CodeRecord): boolean;
}

/** The files of content codes: checked in the change's transaction, released after it commits (provided by content/). */
export abstract class CodeContentFiles {
  /** The content as it will be stored, every address checked by `checkUrl`, every file the owner's own upload. */
  abstract prepare(ownerId: string, content: CodeContent, checkUrl: (field: string, url: string) => void): Promise<StoredContent>;
  /** Within `tx`, under the owner's lock: every file the content names is still there. */
  abstract requireFiles(tx: EntityManager, ownerId: string, content: StoredContent): Promise<void>;
  /** After a change committed: the owner's files it stopped naming go, unless another live code names them. */
  abstract release(ownerId: string, before: string[], after?: string[]): Promise<void>;
  /** After an erasure committed: these stored objects go. */
  abstract removeStored(keys: string[]): Promise<number>;
}

/** The files a content names (none for a website code). */
export function namedFiles(content: StoredContent | null | undefined): string[] {
  return content ? contentFileIds(content) : [];
}

/** The operator's destination blocklist (provided by abuse/): the blocked domain a URL falls under, or null. */
export abstract class BlockedDestinations {
  abstract refuses(url: URL): string | null;
}

/** The scan data of codes, removed in the deletion's transaction (provided by scans/). */
export abstract class CodeScanData {
  /** Within `tx`: a deleted code's rollups go, and its owner's and the site's figures lose them. */
  abstract forgetCode(tx: EntityManager, codeId: string, ownerId: string): Promise<void>;
  /** Within `tx`: a deleted account's rollups go, and the site's figures lose them. */
  abstract forgetOwner(tx: EntityManager, ownerId: string): Promise<void>;
}

/** A webhook event as the outbox carries it: `body` is exactly what receivers get. */
export interface OwnerWebhookEvent {
  id: string;
  ownerId: string;
  type: string;
  body: { type: string; timestamp: string; data: unknown };
}

/** The owner's webhook endpoints (provided by webhooks/). */
export abstract class OwnerWebhooks {
  /** Within `tx`: whether any enabled endpoint of the owner takes events of this type. */
  abstract wanted(tx: EntityManager, ownerId: string, type: string): Promise<boolean>;
  /** After the commit (from the outbox): the event stored and one delivery job per endpoint taking it. */
  abstract fanOut(event: OwnerWebhookEvent): Promise<void>;
}
