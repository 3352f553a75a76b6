import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BillingPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CodesRepository } from '../codes/codes.repository';

export const NO_FREE_SEAT = 'Every QR code in your subscription is in use. Add one more QR code to your subscription first.';
export const NO_SUBSCRIPTION = 'Subscription Required: subscribe to create QR codes.';

/**
 * Every seat question of a bulk import, in one place: at confirmation the whole import's missing
 * seats are bought in one purchase (its idempotency key is the import's, so a repeated
 * confirmation buys nothing more); each batch of codes then asks once how many it may create.
 */
@Injectable()
export class ImportSeats {
  constructor(
    private readonly codes: CodesRepository,
    private readonly bus: MessageBus,
  ) {}

  /** One purchase of room for `codes` more codes (free seats are used first). */
  async buyForImport(userId: string, importId: string, codes: number, expectedUnitAmountCents: number | null): Promise<{ amountChargedCents: number }> {
    const purchase = await this.bus.request(BillingPattern.PurchaseSeat, {
      userId,
      expectedUnitAmountCents,
      idempotencyKey: `bulk-import:${importId}`,
      codes,
    });
    return { amountChargedCents: purchase.amountChargedCents };
  }

  /**
   * Within a batch's transaction, under the owner's lock: how many of `wanted` codes the seats
   * allow now, and the message for the rows beyond.
   */
  async allowBatch(tx: EntityManager, ownerId: string, wanted: number): Promise<{ allowed: number; refusal: string }> {
    const codesInUse = await this.codes.countOwned(ownerId, tx);
    const entitlement = await this.bus.request(BillingPattern.Entitlement, { userId: ownerId, codesInUse });
    if (!entitlement.allowed && entitlement.reason !== 'no-free-seat') return { allowed: 0, refusal: NO_SUBSCRIPTION };
    return { allowed: Math.max(0, Math.min(wanted, entitlement.seats - codesInUse)), refusal: NO_FREE_SEAT };
  }
}
