import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillingProvider, Currency, Language } from '@qrd/contracts';

/** A payment provider's customer; `userId` is null until the signup that paid creates the account. */
@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  provider!: BillingProvider;

  @Column({ name: 'provider_customer_id', type: 'text' })
  providerCustomerId!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  /** Fixed by the first payment (null until then): every later price is in it. */
  @Column({ type: 'text', nullable: true })
  currency!: Currency | null;

  /** The language of the invoices, the payer's when the customer was made (null: English). */
  @Column({ type: 'text', nullable: true })
  language!: Language | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
