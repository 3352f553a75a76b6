import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '@qrd/config';

const VERSION = 'v1';

/** A new Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * Signing secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from SESSION_SECRET with
 * its own label, so a database dump alone cannot forge an account's webhooks.
 */
@Injectable()
export class WebhookSecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.sessionSecret, 'qrd', 'webhook-secret-v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
  }

  open(value: string): string {
    const [version, iv, tag, sealed] = value.split(':');
    if (version !== VERSION || !iv || !tag || !sealed) throw new Error('Unreadable webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
