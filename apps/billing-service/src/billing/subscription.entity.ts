import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillingInterval, BillingProvider, Currency, SubscriptionStatus } from '@qrd/contracts';

/** Our copy of a provider subscription: quantity = seats (one per code). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ type: 'text' })
  provider!: BillingProvider;

  @Column({ name: 'provider_subscription_id', type: 'text' })
  providerSubscriptionId!: string;

  @Column({ type: 'text' })
  status!: SubscriptionStatus;

  @Column({ type: 'text' })
  interval!: BillingInterval;

  @Column({ type: 'integer' })
  seats!: number;

  @Column({ name: 'unit_amount_cents', type: 'integer' })
  unitAmountCents!: number;

  /** The currency of its price (and of every amount it is billed). */
  @Column({ type: 'text', default: 'usd' })
  currency!: Currency;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  /** A switch of billing interval the provider applies at currentPeriodEnd. */
  @Column({ name: 'pending_interval', type: 'text', nullable: true })
  pendingInterval!: BillingInterval | null;

  @Column({ name: 'card_brand', type: 'text', nullable: true })
  cardBrand!: string | null;

  @Column({ name: 'card_last4', type: 'text', nullable: true })
  cardLast4!: string | null;

  @Column({ name: 'provider_created_at', type: 'timestamptz' })
  providerCreatedAt!: Date;

  /** Unix seconds of the provider state held here (bigint comes back from pg as a string). */
  @Column({ name: 'state_at', type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  stateAt!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
