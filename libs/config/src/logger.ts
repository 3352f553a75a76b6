import pino, { DestinationStream, Logger } from 'pino';
import { requestContext } from './context';

/**
 * What no log line may hold: whatever lets a log reader act as a user or as us (session cookies,
 * CSRF tokens, passwords, reset tokens and links, API keys, provider secrets). The HTTP logger
 * leaves most of these out already; this is the net under it, for any logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["x-internal-token"]',
  'req.headers["stripe-signature"]',
  'headers["webhook-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'resetLink',
  'link',
  'clientSecret',
  'sessionId',
  'sessionSecret',
  'apiKey',
  'secretKey',
  'webhookSecret',
  'ticket',
  'recoveryCode',
  'recoveryCodes',
  'secret',
  'otpauthUrl',
  'totpSecret',
  'encryptionKey',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.resetLink',
  '*.link',
  '*.clientSecret',
  '*.sessionId',
  '*.sessionSecret',
  '*.apiKey',
  '*.secretKey',
  '*.webhookSecret',
  '*.ticket',
  '*.recoveryCode',
  '*.recoveryCodes',
  '*.secret',
  '*.otpauthUrl',
  '*.totpSecret',
  '*.encryptionKey',
  'secretSealed',
  '*.secretSealed',
];

/**
 * JSON logs; every line carries the service name and, inside a request, its request id.
 * `destination` is for tests that read what was logged.
 */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin() {
      const meta = requestContext.current();
      return meta ? { requestId: meta.requestId, ...(meta.userId ? { userId: meta.userId } : {}) } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
