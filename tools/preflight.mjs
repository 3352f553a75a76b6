// Fails fast, with what to do, when PostgreSQL or Redis is not there.
import net from 'node:net';

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => socket.destroy() || resolve(false));
  });
}

export async function checkDependencies(env) {
  const db = new URL(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/qrdynamic');
  const redis = new URL(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const problems = [];
  if (!(await reachable(db.hostname, Number(db.port || 5432)))) {
    problems.push(
      `PostgreSQL is not reachable at ${db.hostname}:${db.port || 5432}. Start it ` +
        `(e.g. "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start" or "docker compose up -d postgres") ` +
        'or point DATABASE_URL at a running server.',
    );
  }
  if (!(await reachable(redis.hostname, Number(redis.port || 6379)))) {
    problems.push(
      `Redis is not reachable at ${redis.hostname}:${redis.port || 6379}. Start it ` +
        '(e.g. "redis-server --daemonize yes" or "docker compose up -d redis") or point REDIS_URL at a running server.',
    );
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

/** A port already in use would make a service fail, or worse, make another process look like it. */
export async function checkPortsFree(ports) {
  const busy = [];
  for (const port of ports) {
    if (await reachable('127.0.0.1', port)) busy.push(port);
  }
  if (busy.length) {
    throw new Error(
      `Port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} already in use: is QR Dynamic already running? ` +
        'Stop it, or choose other ports (WEB_PORT, GATEWAY_PORT, AUTH_PORT, QR_PORT, BILLING_PORT, REDIRECT_PORT).',
    );
  }
}
