import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CodeScanData } from '../codes/code-ports';
import { forgetCodeRollups, forgetOwnerRollups } from './rollup-removal';

/** The codes module's scan-data port: a deleted code's or account's rollups removed in the deletion's transaction. */
@Injectable()
export class CodeScanRemoval implements CodeScanData {
  forgetCode(tx: EntityManager, codeId: string, ownerId: string): Promise<void> {
    return forgetCodeRollups(tx, codeId, ownerId);
  }

  forgetOwner(tx: EntityManager, ownerId: string): Promise<void> {
    return forgetOwnerRollups(tx, ownerId);
  }
}
