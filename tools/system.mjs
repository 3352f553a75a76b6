// Starts the built services as plain processes, the way `npm start` and the browser tests run them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

export const SERVICES = [
  { name: 'auth-service', portEnv: 'AUTH_PORT', port: 3001 },
  { name: 'qr-service', portEnv: 'QR_PORT', port: 3002 },
  { name: 'billing-service', portEnv: 'BILLING_PORT', port: 3003 },
  { name: 'redirect-service', portEnv: 'REDIRECT_PORT', port: 3004 },
  { name: 'gateway', portEnv: 'GATEWAY_PORT', port: 3000 },
];

export function entryOf(service) {
  return join(ROOT, 'dist', 'apps', service, 'apps', service, 'src', 'main.js');
}

/** Runs `node <entry> <args>` to completion, inheriting output; rejects on a non-zero exit. */
export function runNode(entry, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${entry} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Polls http://127.0.0.1:<port>/health/ready until it answers 200 (PostgreSQL, Redis and its queue consumers ready). */
export async function waitHealthy(name, port, timeoutMs = 60_000, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${name} exited during start-up`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not become ready on port ${port} within ${timeoutMs / 1000}s (${last})`);
}

const START_OUTPUT_KEPT = 4000;

/**
 * Starts every service with `env`, waiting for each to be healthy. Returns a handle whose stop()
 * ends them gracefully (SIGTERM, in reverse order).
 */
export async function startServices(env, { onOutput, onExit } = {}) {
  const children = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      // Cleared once the service is gone: a pending timer would keep the caller (Jest) alive.
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
  };
  try {
    for (const service of SERVICES) {
      const port = Number(env[service.portEnv] ?? service.port);
      const child = spawn(process.execPath, [entryOf(service.name)], {
        env: { ...env, [service.portEnv]: String(port) },
        stdio: ['ignore', onOutput ? 'pipe' : 'inherit', onOutput ? 'pipe' : 'inherit'],
      });
      // The last of what the service printed, for the error when it fails to start.
      let tail = '';
      if (onOutput) {
        const take = (chunk) => {
          tail = (tail + chunk.toString()).slice(-START_OUTPUT_KEPT);
          onOutput(service.name, chunk);
        };
        child.stdout.on('data', take);
        child.stderr.on('data', take);
      }
      child.on('exit', (code, signal) => {
        if (!stopping) onExit?.(service.name, code, signal);
      });
      children.push(child);
      try {
        await waitHealthy(service.name, port, 60_000, () => child.exitCode === null);
      } catch (error) {
        // What it printed last may still be on its way through the pipe.
        if (child.exitCode !== null) await Promise.race([once(child, 'close'), new Promise((r) => setTimeout(r, 1000))]);
        if (tail) error.message += `; the last it printed:\n${tail}`;
        throw error;
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { children, stop };
}
