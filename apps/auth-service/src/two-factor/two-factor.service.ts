import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { DataSource, IsNull, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, ErrorCode, RecoveryCodesView, TwoFactorSetupView, UserView } from '@qrd/contracts';
import { assertCurrentPassword } from '../users/current-password';
import { PasswordHasher } from '../users/password-hasher';
import { toUserView, UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { SecretBox } from './secret-box';

export const ISSUER = 'QR Dynamic';
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i look-alikes; 31 symbols, so 10 of them are about 49 random bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** One 30-second step either side: a phone clock a little off still works. */
const TOLERANCE_SECONDS = 30;

export const WRONG_CODE = "That code didn't work. Enter the current 6-digit code from your authenticator app, or an unused recovery code.";

type Match = { kind: 'totp'; step: number } | { kind: 'recovery'; hash: string };

/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes. */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly box: SecretBox,
    private readonly db: DataSource,
    @InjectRepository(RecoveryCodeEntity) private readonly recoveryCodes: Repository<RecoveryCodeEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A fresh secret, kept pending (encrypted) until a code from the app proves it was saved. */
  async start(userId: string, currentPassword: string): Promise<TwoFactorSetupView> {
    const user = await this.require(userId);
    await assertCurrentPassword(this.hasher, user, currentPassword);
    if (enabled(user)) {
      throw new DomainError(ErrorCode.Conflict, 'Two-factor sign-in is already on. Turn it off first to set up another authenticator.');
    }
    const secret = generateSecret();
    await this.db.getRepository(UserEntity).update({ id: user.id }, { totpPendingSecret: this.box.seal(secret) });
    return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: user.username, secret }) };
  }

  /** Turns two-factor sign-in on with the pending secret; answers ten recovery codes, shown this once. */
  async enable(userId: string, code: string): Promise<RecoveryCodesView> {
    const user = await this.require(userId);
    if (enabled(user)) throw new DomainError(ErrorCode.Conflict, 'Two-factor sign-in is already on.');
    if (!user.totpPendingSecret) {
      throw new DomainError(ErrorCode.Conflict, 'Start the set-up again: there is no authenticator waiting to be confirmed.');
    }
    const secret = this.box.open(user.totpPendingSecret);
    const step = await totpStep(secret, code, null);
    if (step === null) throw new DomainError(ErrorCode.Validation, WRONG_CODE, { code: WRONG_CODE });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction(async (tx) => {
      const claimed = await tx
        .createQueryBuilder()
        .update(UserEntity)
        .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: () => 'now()', totpLastStep: String(step) })
        .where('id = :id AND totp_pending_secret = :pending AND totp_enabled_at IS NULL', { id: user.id, pending: user.totpPendingSecret })
        .execute();
      if (!claimed.affected) throw new DomainError(ErrorCode.Conflict, 'Two-factor sign-in changed meanwhile. Please start again.');
      await tx.delete(RecoveryCodeEntity, { userId: user.id });
      await tx.insert(
        RecoveryCodeEntity,
        codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(c) })),
      );
    });
    return { recoveryCodes: codes };
  }

  /** Needs the password and a code (or a recovery code): a stolen session cannot switch it off. */
  async disable(userId: string, currentPassword: string, code: string): Promise<void> {
    const user = await this.require(userId);
    await assertCurrentPassword(this.hasher, user, currentPassword);
    if (!enabled(user)) throw new DomainError(ErrorCode.Conflict, 'Two-factor sign-in is already off.');
    if (!(await this.consume(user, code))) throw new DomainError(ErrorCode.Validation, WRONG_CODE, { code: WRONG_CODE });
    await this.db.transaction(async (tx) => {
      await tx.update(UserEntity, { id: user.id }, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null });
      await tx.delete(RecoveryCodeEntity, { userId: user.id });
    });
  }

  /** The second step of a sign-in. Each code is accepted once: a replayed or used code fails. */
  async verify(userId: string, code: string): Promise<UserView> {
    const user = await this.users.findById(userId);
    if (!user || !enabled(user)) throw new DomainError(ErrorCode.Gone, 'Your sign-in has expired. Please sign in again.');
    if (user.status === 'suspended') {
      throw new DomainError(ErrorCode.Suspended, 'Your account has been suspended. Please contact support.');
    }
    if (!(await this.consume(user, code))) throw new DomainError(ErrorCode.Unauthenticated, WRONG_CODE);
    return toUserView(user, this.config.twoFactor.requireForAdmins);
  }

  /** Checks a code and uses it up: the TOTP time step moves forward, a recovery code is marked used. */
  private async consume(user: UserEntity, code: string): Promise<boolean> {
    const match = await this.match(user, code);
    if (!match) return false;
    if (match.kind === 'totp') {
      const moved = await this.db
        .createQueryBuilder()
        .update(UserEntity)
        .set({ totpLastStep: String(match.step) })
        .where('id = :id AND (totp_last_step IS NULL OR totp_last_step < :step)', { id: user.id, step: match.step })
        .execute();
      return Boolean(moved.affected);
    }
    const used = await this.recoveryCodes.update({ userId: user.id, codeHash: match.hash, usedAt: IsNull() }, { usedAt: new Date() });
    return Boolean(used.affected);
  }

  private async match(user: UserEntity, code: string): Promise<Match | null> {
    const given = code.replace(/[\s-]/g, '').toLowerCase();
    if (/^\d{6}$/.test(given) && user.totpSecret) {
      const step = await totpStep(this.box.open(user.totpSecret), given, user.totpLastStep === null ? null : Number(user.totpLastStep));
      return step === null ? null : { kind: 'totp', step };
    }
    if (given.length === 10 && [...given].every((c) => RECOVERY_ALPHABET.includes(c))) {
      return { kind: 'recovery', hash: hashRecoveryCode(given) };
    }
    return null;
  }

  private async require(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ErrorCode.NotFound, 'User not found');
    return user;
  }
}

function enabled(user: UserEntity): boolean {
  return user.totpEnabledAt !== null && user.totpSecret !== null;
}

/** The time step the code belongs to (now, or one step either side), or null when it is not valid. */
async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}
