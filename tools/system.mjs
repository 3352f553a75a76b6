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
/** Replica i of a service listens on its port + REPLICA_PORT_STEP * i (3000, 3100, 3200 for the gateway). */
export const REPLICA_PORT_STEP = 100;
const MAX_REPLICAS = 9;
/** A replica that dies is started again after 1 s, then 2, 4 ... at most 30 s; up for a minute, the wait starts again at 1 s. */
const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;
const HEALTHY_RESETS_MS = 60_000;

/**
 * How many processes of each service: `REPLICAS=redirect-service=3,qr-service=2,gateway=2` (one of
 * every service not named). Anything else is refused with a message, before anything starts.
 */
export function replicasOf(value) {
  const counts = Object.fromEntries(SERVICES.map((service) => [service.name, 1]));
  if (!value?.trim()) return counts;
  for (const part of value.split(',')) {
    const [name, count] = part.split('=').map((text) => text?.trim());
    if (!(name in counts)) throw new Error(`REPLICAS names "${name}", which is not a service (${SERVICES.map((s) => s.name).join(', ')})`);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS) throw new Error(`REPLICAS: ${name} needs a whole number of replicas from 1 to ${MAX_REPLICAS}, not "${count}"`);
    counts[name] = n;
  }
  return counts;
}

/** The ports of a service's replicas, the first on its usual port. */
export function replicaPorts(env, service, replicas) {
  const base = Number(env[service.portEnv] ?? service.port);
  return Array.from({ length: replicas[service.name] }, (_, i) => base + REPLICA_PORT_STEP * i);
}

/**
 * Starts every service with `env` (as many replicas of each as `REPLICAS` says), waiting for each
 * to be healthy. Returns a handle whose stop() ends them gracefully (SIGTERM, in reverse order).
 * With `restart`, a replica that dies later is started again with backoff (`onExit` still hears
 * of it); without, `onExit` decides.
 */
export async function startServices(env, { onOutput, onExit, restart = false } = {}) {
  const replicas = replicasOf(env.REPLICAS);
  const processes = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const proc of [...processes].reverse()) {
      clearTimeout(proc.restartTimer);
      const child = proc.child;
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      // Cleared once the service is gone: a pending timer would keep the caller (Jest) alive.
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
  };

  const launch = (proc) => {
    const { service, port, label } = proc;
    const child = spawn(process.execPath, [entryOf(service.name)], {
      env: { ...env, [service.portEnv]: String(port) },
      stdio: ['ignore', onOutput ? 'pipe' : 'inherit', onOutput ? 'pipe' : 'inherit'],
    });
    proc.child = child;
    proc.startedAt = Date.now();
    // The last of what the service printed, for the error when it fails to start.
    proc.tail = '';
    if (onOutput) {
      const take = (chunk) => {
        proc.tail = (proc.tail + chunk.toString()).slice(-START_OUTPUT_KEPT);
        onOutput(label, chunk);
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
    }
    child.on('exit', (code, signal) => {
      if (stopping) return;
      onExit?.(label, code, signal);
      if (!restart || !proc.ready) return;
      proc.backoffMs = Date.now() - proc.startedAt > HEALTHY_RESETS_MS ? RESTART_FIRST_MS : Math.min(RESTART_MAX_MS, (proc.backoffMs ?? RESTART_FIRST_MS / 2) * 2);
      console.error(`${label} stopped (${signal ?? `exit ${code}`}); starting it again in ${proc.backoffMs / 1000} s`);
      proc.restartTimer = setTimeout(() => {
        if (stopping) return;
        launch(proc);
        waitHealthy(label, port, 60_000, () => proc.child.exitCode === null).then(
          () => console.error(`${label} is back`),
          (error) => console.error(`${label} did not come back: ${error.message}`),
        );
      }, proc.backoffMs);
    });
    return child;
  };

  try {
    for (const service of SERVICES) {
      const ports = replicaPorts(env, service, replicas);
      for (const [i, port] of ports.entries()) {
        const label = ports.length > 1 ? `${service.name}#${i + 1}` : service.name;
        const proc = { service, port, label, ready: false };
        processes.push(proc);
        launch(proc);
        try {
          await waitHealthy(label, port, 60_000, () => proc.child.exitCode === null);
          proc.ready = true;
        } catch (error) {
          // What it printed last may still be on its way through the pipe.
          if (proc.child.exitCode !== null) await Promise.race([once(proc.child, 'close'), new Promise((r) => setTimeout(r, 1000))]);
          if (proc.tail) error.message += `; the last it printed:\n${proc.tail}`;
          throw error;
        }
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    get children() {
      return processes.map((proc) => proc.child);
    },
    ports: Object.fromEntries(SERVICES.map((service) => [service.name, replicaPorts(env, service, replicas)])),
    stop,
  };
}
