import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A single-use recovery code of two-factor sign-in; only its SHA-256 is stored. */
@Entity({ name: 'recovery_codes' })
export class RecoveryCodeEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
