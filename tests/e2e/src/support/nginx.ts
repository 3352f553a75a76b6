import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './environment';

/** Debian installs nginx in /usr/sbin, which is not on an ordinary user's PATH. */
const NGINX = process.env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface NginxOptions {
  /** nginx's prefix: the rendered config, pid file, temp files and access.log go here. */
  dir: string;
  /** The built web app; absent: only /api, /r/ and /health are served (tests of the services). */
  webRoot?: string;
  port: number;
  /** The gateway, or its replicas, one upstream server each. */
  gatewayPort: number | number[];
  /** The redirect-service replicas, one upstream server each (nginx balances across them). */
  redirectPorts: number[];
  /** Where nginx's error output goes. */
  errorLog: string;
}

export interface RunningNginx {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Started as root, nginx serves requests from worker processes running as `nobody`, which cannot
 * enter a checkout inside a directory only its owner may read (a clone under /root, a mode-700
 * home), so every page would answer 500. The workers run as the user running the tests instead.
 * That is simpler and sturdier than serving a world-readable copy of the web app: the workers
 * also write temp files (request bodies, proxy buffers) under the run directory, and a copy
 * would only move the problem to wherever TMPDIR points. The front door listens on 127.0.0.1
 * only. Not root: nginx cannot switch users, its workers already run as us.
 */
function workerUser(): string {
  return process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
}

function renderConf(options: NginxOptions): string {
  const { dir } = options;
  const conf = readFileSync(join(ROOT, 'nginx', 'nginx.conf'), 'utf8')
    .replace('server gateway:3000;', [options.gatewayPort].flat().map((port) => `server 127.0.0.1:${port};`).join('\n    '))
    .replace('server redirect-service:3004;', options.redirectPorts.map((port) => `server 127.0.0.1:${port};`).join('\n    '))
    .replace('listen 8080;', `listen 127.0.0.1:${options.port};`)
    .replace('root /usr/share/nginx/html;', `root ${options.webRoot ?? dir};`)
    .replace('pid /tmp/nginx.pid;', `pid ${join(dir, 'nginx.pid')};`)
    .replace(/\/tmp\/nginx-/g, `${dir}/nginx-`)
    .replace('access_log /dev/stdout json;', `access_log ${join(dir, 'access.log')} json;`);
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, workerUser() + conf);
  return file;
}

/**
 * Runs nginx/nginx.conf with Debian's nginx, replacing only the upstream addresses, the listen
 * port, the web root and the file paths. Resolves once nginx serves the web app's page: /health
 * alone would not show that the workers can read the web root. Without a web root, once /health
 * answers.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  mkdirSync(options.dir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(NGINX, ['-p', options.dir, '-c', renderConf(options), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const log = createWriteStream(options.errorLog);
  child.stderr.pipe(log);
  const logClosed = once(log, 'close');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGQUIT');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
    await logClosed;
  };

  try {
    const isAlive = () => child.exitCode === null && child.signalCode === null;
    await (options.webRoot ? waitForWebApp(baseUrl, isAlive) : waitForHealth(baseUrl, isAlive));
  } catch (error) {
    await stop();
    const reason = spawnError ? `nginx could not be started: ${spawnError.message}` : (error as Error).message;
    throw new Error(`${reason} (web root ${options.webRoot ?? 'none'}; nginx's errors are in ${options.errorLog})`);
  }
  return { baseUrl, stop };
}

async function waitForWebApp(baseUrl: string, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('nginx exited during start-up');
    const answer = await fetch(`${baseUrl}/`).then(
      async (res) => ({ status: res.status, body: await res.text() }),
      () => undefined,
    );
    if (answer) {
      if (answer.status === 200 && answer.body.includes('<div id="root">')) return;
      throw new Error(`nginx answered ${answer.status} for / instead of the web app's page`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer on ${baseUrl} within 15s`);
}

async function waitForHealth(baseUrl: string, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('nginx exited during start-up');
    const status = await fetch(`${baseUrl}/health`).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => undefined,
    );
    if (status === 200) return;
    if (status !== undefined) throw new Error(`nginx answered ${status} for /health`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer on ${baseUrl} within 15s`);
}
