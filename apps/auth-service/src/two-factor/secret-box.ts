import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, SealedBox } from '@qrd/config';

/**
 * Authenticator secrets at rest, sealed under a key derived from TOTP_ENCRYPTION_KEY (or from
 * SESSION_SECRET under its own label): a database dump alone does not give anyone the codes.
 */
@Injectable()
export class SecretBox extends SealedBox {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.twoFactor.encryptionKey, 'totp-secret-v1', 'authenticator secret');
  }
}
