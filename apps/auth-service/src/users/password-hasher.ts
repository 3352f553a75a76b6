import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with the library's recommended cost; verify() also runs for unknown users to keep timing even. */
@Injectable()
export class PasswordHasher {
  private readonly dummy = argon2.hash('not-a-real-password-used-for-timing', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.dummy), password);
    } catch {
      return false;
    }
  }
}
