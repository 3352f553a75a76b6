import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { waitFor } from '@qrd/testing';
import { ROOT } from '../../e2e/src/support/environment';
import { freePort } from './front-door';

const CADDY = '/usr/bin/caddy';
/** The production edge of docker-compose.yml, whose sites the test edge runs. */
const PRODUCTION_CADDYFILE = join(ROOT, 'deploy', 'caddy', 'Caddyfile');
/** Where the production Caddyfile sends every site (the nginx service of docker-compose.yml). */
const PRODUCTION_UPSTREAM = 'nginx:8080';

export interface CaddyEdge {
  httpsPort: number;
  httpPort: number;
  /** Caddy's local CA, which signs every certificate of this edge (curl --cacert, tls.connect's ca). */
  rootCertPath: string;
  stop(): Promise<void>;
}

/**
 * The sites of deploy/caddy/Caddyfile, as they are, with global options for a test on this
 * machine: certificates from Caddy's own local CA instead of Let's Encrypt (nothing installed in
 * the system's trust store), no admin endpoint, loopback ports of its own, storage in `dir`, and
 * `askUrl` deciding which names get a certificate on demand.
 */
function testCaddyfile(options: { upstream: string; askUrl: string; dir: string; httpPort: number; httpsPort: number }): string {
  const production = readFileSync(PRODUCTION_CADDYFILE, 'utf8');
  // The global options block: the first block opened by a line `{` and closed by a line `}`.
  const globals = /^\{\n[\s\S]*?^\}\n/m.exec(production);
  if (!globals) throw new Error(`${PRODUCTION_CADDYFILE} has no global options block`);
  const sites = production.slice(globals.index + globals[0].length);
  if (!sites.includes(PRODUCTION_UPSTREAM)) throw new Error(`${PRODUCTION_CADDYFILE} no longer proxies to ${PRODUCTION_UPSTREAM}`);
  const quoted = (value: string) => JSON.stringify(value);
  return [
    '{',
    '\tadmin off',
    '\tlocal_certs',
    '\tskip_install_trust',
    '\tdefault_bind 127.0.0.1',
    `\thttp_port ${options.httpPort}`,
    `\thttps_port ${options.httpsPort}`,
    `\tstorage file_system ${quoted(join(options.dir, 'data'))}`,
    '\ton_demand_tls {',
    `\t\task ${options.askUrl}`,
    '\t}',
    '}',
    sites.split(PRODUCTION_UPSTREAM).join(options.upstream),
  ].join('\n');
}

/** The last lines Caddy wrote, for an error message. */
function tail(logPath: string, lines = 30): string {
  try {
    return readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Resolves once a TLS handshake for `servername` succeeds with a certificate that `ca` signed. */
function handshake(port: number, servername: string, ca: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca, ...(isIP(servername) ? {} : { servername }) });
    socket.setTimeout(2000, () => socket.destroy(new Error(`no TLS answer on port ${port} within 2 s`)));
    socket.once('secureConnect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

/**
 * Debian's Caddy (tools/system-packages.sh installs it) running the production edge's sites in
 * front of `upstream` (nginx, or a stand-in), on free loopback ports, in a temp directory of its
 * own. Resolves once it answers TLS for `publicHost`; stop() ends it and removes the directory.
 */
export async function startCaddy(opts: { upstream: string; askUrl: string; publicHost: string }): Promise<CaddyEdge> {
  if (!existsSync(CADDY)) throw new Error(`${CADDY} is missing: run tools/system-packages.sh as root`);
  const parent = join(ROOT, 'tmp', 'system-caddy');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const config = join(dir, 'Caddyfile');
  writeFileSync(config, testCaddyfile({ ...opts, dir, httpPort, httpsPort }));
  const logPath = join(dir, 'caddy.log');
  const log = openSync(logPath, 'a');
  let caddy: ChildProcess;
  try {
    caddy = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
      cwd: dir,
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: dir,
        XDG_DATA_HOME: join(dir, 'xdg-data'),
        XDG_CONFIG_HOME: join(dir, 'xdg-config'),
        PUBLIC_HOST: opts.publicHost,
      },
    });
  } finally {
    closeSync(log);
  }

  const stop = async () => {
    if (caddy.exitCode === null && caddy.signalCode === null) {
      const exited = once(caddy, 'exit');
      caddy.kill('SIGTERM');
      const force = setTimeout(() => caddy.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const rootCertPath = join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
  try {
    await waitFor(async () => {
      if (caddy.exitCode !== null || caddy.signalCode !== null) return 'exited';
      if (!existsSync(rootCertPath)) throw new Error(`Caddy has not written ${rootCertPath}`);
      await handshake(httpsPort, opts.publicHost, readFileSync(rootCertPath));
      return 'ready';
    }, 15_000).then((state) => {
      if (state === 'exited') throw new Error(`Caddy exited (${caddy.exitCode ?? caddy.signalCode})`);
    });
  } catch (error) {
    const message = `Caddy did not start on 127.0.0.1:${httpsPort}: ${(error as Error).message}\n--- ${logPath} ---\n${tail(logPath)}`;
    await stop();
    throw new Error(message);
  }
  return { httpPort, httpsPort, rootCertPath, stop };
}
