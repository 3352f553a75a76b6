import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Small secrets at rest (authenticator secrets, webhook signing secrets): AES-256-GCM under a key
 * derived (HKDF-SHA256) from a configured secret with a label of its own, so each use has its own
 * key. A database dump alone does not give the secrets away; a tampered value fails to open
 * instead of yielding another secret. Sealed values read `v1:<iv>:<tag>:<ciphertext>`.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(
    secret: string,
    label: string,
    private readonly what: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'qrd', label, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
  }

  open(value: string): string {
    const [version, iv, tag, sealed] = value.split(':');
    if (version !== VERSION || !iv || !tag || !sealed) throw new Error(`Unreadable ${this.what}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
