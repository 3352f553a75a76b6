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

export const PORTS = { web: 38080, gateway: 33000, auth: 33001, qr: 33002, billing: 33003, redirect: 33004 };

export interface E2eState {
  baseUrl: string;
  databaseUrl: string;
  redisPrefix: string;
  mailDir: string;
}
