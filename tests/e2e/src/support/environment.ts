import { join } from 'node:path';

/** Where the e2e run keeps its state; shared by the global setup and the test files. */
export const ROOT = join(__dirname, '..', '..', '..', '..');
export const RUN_DIR = join(ROOT, 'tmp', 'e2e');
export const STATE_FILE = join(RUN_DIR, 'state.json');
export const MAIL_DIR = join(RUN_DIR, 'mail');
export const OUTPUT_DIR = join(ROOT, 'test-output', 'e2e');
export const SCREENSHOT_DIR = join(OUTPUT_DIR, 'screenshots');
export const NGINX_DIR = join(RUN_DIR, 'nginx');
export const WEB_ROOT = join(ROOT, 'dist', 'apps', 'web');

/**
 * Fixed, and below the kernel's range for outgoing connections' local ports (32768 and up here): a
 * port in it can be held by a connection made just before the service listens (edge.e2e.ts).
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(OFFSET) || OFFSET < 0 || OFFSET > 900) throw new Error('E2E_PORT_OFFSET must be a whole number from 0 to 900');
/** Two checkouts run their browser tests side by side when each sets its own E2E_PORT_OFFSET. */
export const PORTS = {
  web: 28080 + OFFSET,
  gateway: 23000 + OFFSET,
  auth: 23001 + OFFSET,
  qr: 23002 + OFFSET,
  billing: 23003 + OFFSET,
  redirect: 23004 + OFFSET,
};
/** This run's databases: other runs' (another offset) are left alone. */
export const DATABASE_PREFIX = `qrd_e2e_${OFFSET}_`;

export interface E2eState {
  baseUrl: string;
  databaseUrl: string;
  redisPrefix: string;
  mailDir: string;
}
