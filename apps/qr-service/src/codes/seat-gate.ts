import { Injectable } from '@nestjs/common';
import { BillingPattern, DomainError, ErrorCode, QR_MESSAGES } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { EntityManager } from 'typeorm';
import { CodesRepository } from './codes.repository';

/** What billing said before a creation: the seats its subscription pays for this period. */
export interface SeatAllowance {
  userId: string;
  seats: number;
}

/**
 * The seat check of a code's creation, in two steps so that no other service is called while the
 * owner's lock or a transaction is held (DESIGN.md 13):
 * 1. `allowance`, before the transaction: billing answers the subscription's standing and its seats.
 *    Seats only grow during a period (a deleted code's seat stays paid until the period ends, and
 *    unused seats are trimmed at the renewal), so a figure read a moment early is never too high.
 * 2. `requireFreeSeats`, inside the creation's transaction under the owner's lock: the live codes
 *    and the rows that confirmed bulk imports still hold are counted there, so two creations never
 *    both take the last seat, and a code never takes a seat an import was sold.
 */
@Injectable()
export class SeatGate {
  constructor(
    private readonly bus: MessageBus,
    private readonly codes: CodesRepository,
  ) {}

  async allowance(userId: string): Promise<SeatAllowance> {
    const entitlement = await this.bus.request(BillingPattern.Entitlement, { userId, codesInUse: 0 });
    if (!entitlement.allowed) throw new DomainError(ErrorCode.PaymentRequired, QR_MESSAGES.subscriptionRequired);
    return { userId, seats: entitlement.seats };
  }

  /** Room for `count` more codes under `allowance`; the caller holds the owner's lock in `tx`. */
  async requireFreeSeats(tx: EntityManager, allowance: SeatAllowance, count = 1): Promise<void> {
    const inUse = await this.codes.seatsTaken(allowance.userId, tx);
    if (inUse + count > allowance.seats) throw new DomainError(ErrorCode.PaymentRequired, QR_MESSAGES.noFreeSeat);
  }
}
