/**
 * Builds nothing (Nx built the apps first): starts the real system as plain processes on fresh
 * storage, behind Debian's nginx running nginx/nginx.conf, with a real SMTP server that files
 * every mail it receives under tmp/e2e/mail.
 */
import { mkdirSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { DATABASE_PREFIX, MAIL_DIR, NGINX_DIR, PORTS, ROOT, RUN_DIR, STATE_FILE, OUTPUT_DIR, WEB_ROOT, E2eState } from './environment';
import { startNginx } from './nginx';

interface Running {
  stop(): Promise<void>;
}

declare global {
  // eslint-disable-next-line no-var
  var __E2E__: Running | undefined;
}

async function freshDatabase(): Promise<string> {
  const name = `${DATABASE_PREFIX}${Date.now()}`;
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const old = await admin.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [DATABASE_PREFIX]);
  for (const row of old.rows as { datname: string }[]) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

function startSmtp(): Promise<SMTPServer & { port: number }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        count += 1;
        writeFileSync(join(MAIL_DIR, `${Date.now()}-${count}.json`), JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(Object.assign(server, { port: (server.server.address() as { port: number }).port }))));
}

export default async function globalSetup(): Promise<void> {
  rmSync(RUN_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const logDir = join(OUTPUT_DIR, 'logs');
  mkdirSync(logDir, { recursive: true });

  const smtp = await startSmtp();
  const databaseUrl = await freshDatabase();
  const baseUrl = `http://127.0.0.1:${PORTS.web}`;
  const redisPrefix = `e2e${Date.now()}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: redisPrefix,
    PUBLIC_BASE_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    CONTACT_EMAIL: 'support@qrdynamic.test',
    BILLING_PROVIDER: 'test',
    // A test rig: production mode on the offline test provider, as a demo would run.
    ALLOW_TEST_PAYMENTS: 'true',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '1000',
    RATE_LIMIT_CONTACT_PER_HOUR: '1000',
    RATE_LIMIT_RESET_PER_HOUR: '1000',
    RATE_LIMIT_AVAILABILITY_PER_MINUTE: '1000',
    RATE_LIMIT_PAGE_VISITS_PER_MINUTE: '1000',
    RATE_LIMIT_LARGE_RENDERS_PER_HOUR: '1000',
    RATE_LIMIT_REPORTS_PER_HOUR: '1000',
    // The webhook receivers the browser tests run listen on this machine.
    ALLOW_PRIVATE_DESTINATIONS: 'true',
    GATEWAY_PORT: String(PORTS.gateway),
    AUTH_PORT: String(PORTS.auth),
    QR_PORT: String(PORTS.qr),
    BILLING_PORT: String(PORTS.billing),
    REDIRECT_PORT: String(PORTS.redirect),
  };

  const { startServices } = (await import(join(ROOT, 'tools', 'system.mjs'))) as {
    startServices: (env: Record<string, string>, hooks: object) => Promise<{ stop(): Promise<void> }>;
  };
  const { checkPortsFree } = (await import(join(ROOT, 'tools', 'preflight.mjs'))) as {
    checkPortsFree: (ports: number[]) => Promise<void>;
  };
  await checkPortsFree(Object.values(PORTS));
  const logs = new Map<string, ReturnType<typeof createWriteStream>>();
  const services = await startServices(env, {
    onOutput: (name: string, chunk: Buffer) => {
      if (!logs.has(name)) logs.set(name, createWriteStream(join(logDir, `${name}.log`)));
      logs.get(name)!.write(chunk);
    },
    onExit: (name: string, code: number | null) => process.stderr.write(`\n[e2e] ${name} exited unexpectedly (${code})\n`),
  });

  const stopSystem = async () => {
    await services.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    for (const stream of logs.values()) stream.end();
  };
  const nginx = await startNginx({
    dir: NGINX_DIR,
    webRoot: WEB_ROOT,
    port: PORTS.web,
    gatewayPort: PORTS.gateway,
    redirectPorts: [PORTS.redirect],
    errorLog: join(logDir, 'nginx.log'),
  }).catch(async (error: unknown) => {
    await stopSystem();
    throw error;
  });

  const state: E2eState = { baseUrl, databaseUrl, redisPrefix, mailDir: MAIL_DIR };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));

  globalThis.__E2E__ = {
    async stop() {
      await nginx.stop();
      await stopSystem();
    },
  };
}
