import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BillingPattern, QR_MESSAGES } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CodesRepository } from '../codes/codes.repository';

export const NO_FREE_SEAT = QR_MESSAGES.noFreeSeat;
export const NO_SUBSCRIPTION = 'Subscription Required: subscribe to create QR codes.';

/** What billing answered before a batch: whether the owner may create codes, and the seats paid this period. */
export interface ImportAllowance {
  ownerId: string;
  entitled: boolean;
  seats: number;
}

/**
 * Every seat question of a bulk import, in one place. At confirmation the import first holds its
 * rows' seats (once queued, `CodesRepository.seatsTaken` counts its rows still to create as in use),
 * then its missing seats are bought in one purchase (its idempotency key is the import's, so a
 * repeated confirmation buys nothing more). Neither another import, confirmed at the same moment or
 * later, nor a single code can take those seats. Each batch asks billing once, before its transaction, and counts seats under the owner's lock.
 */
@Injectable()
export class ImportSeats {
  constructor(
    private readonly codes: CodesRepository,
    private readonly bus: MessageBus,
  ) {}

  /**
   * Makes the import hold its rows' seats (`queue` marks it queued) under the owner's lock, so that
   * creations and other imports' purchases from then on count them as in use.
   */
  hold(ownerId: string, queue: (tx: EntityManager) => Promise<boolean>): Promise<boolean> {
    return this.codes.transaction(async (tx) => {
      await this.codes.lockOwner(tx, ownerId);
      return queue(tx);
    });
  }

  /** One purchase of room for the held import's `codes` (free seats are used first; its own rows are not counted as in use). */
  async buyForImport(userId: string, importId: string, codes: number, expectedUnitAmountCents: number | null): Promise<{ amountChargedCents: number }> {
    const purchase = await this.bus.request(BillingPattern.PurchaseSeat, {
      userId,
      expectedUnitAmountCents,
      idempotencyKey: `bulk-import:${importId}`,
      codes,
      forImport: importId,
    });
    return { amountChargedCents: purchase.amountChargedCents };
  }

  /** Billing's answer, asked outside any transaction (DESIGN.md 13). Seats only grow within a period. */
  async allowance(ownerId: string): Promise<ImportAllowance> {
    const entitlement = await this.bus.request(BillingPattern.Entitlement, { userId: ownerId, codesInUse: 0 });
    return { ownerId, entitled: entitlement.allowed || entitlement.reason === 'no-free-seat', seats: entitlement.seats };
  }

  /**
   * Within a batch's transaction, under the owner's lock: how many of `wanted` codes the seats
   * allow now (beside the live codes and what other imports hold), and the message for the rows beyond.
   */
  async allowBatch(tx: EntityManager, allowance: ImportAllowance, importId: string, wanted: number): Promise<{ allowed: number; refusal: string }> {
    if (!allowance.entitled) return { allowed: 0, refusal: NO_SUBSCRIPTION };
    const taken = await this.codes.seatsTaken(allowance.ownerId, tx, importId);
    return { allowed: Math.max(0, Math.min(wanted, allowance.seats - taken)), refusal: NO_FREE_SEAT };
  }
}
