import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig, SealedBox } from '@qrd/config';

/** A new Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * Signing secrets at rest, sealed under a key derived from SESSION_SECRET with its own label, so a
 * database dump alone cannot forge an account's webhooks.
 */
@Injectable()
export class WebhookSecrets extends SealedBox {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.sessionSecret, 'webhook-secret-v1', 'webhook secret');
  }
}
