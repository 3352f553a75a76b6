/** A code's password as the redirect-service verifies it (argon2id). */
import argon2 from 'argon2';

export function hashCodePassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}
