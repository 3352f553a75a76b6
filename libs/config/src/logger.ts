import pino, { Logger } from 'pino';
import { requestContext } from './context';

/** JSON logs; every line carries the service name and, inside a request, its request id. */
export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const meta = requestContext.current();
      return meta ? { requestId: meta.requestId, ...(meta.userId ? { userId: meta.userId } : {}) } : {};
    },
  });
}
export type { Logger };
