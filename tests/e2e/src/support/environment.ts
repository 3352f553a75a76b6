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
export const PORTS = { web: 28080, gateway: 23000, auth: 23001, qr: 23002, billing: 23003, redirect: 23004 };

export interface E2eState {
  baseUrl: string;
  databaseUrl: string;
  redisPrefix: string;
  mailDir: string;
}
