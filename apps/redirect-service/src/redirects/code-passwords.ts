import argon2 from 'argon2';
import type { IncomingMessage } from 'node:http';
import IORedis from 'ioredis';

/** Attempts per client address and code in one window. */
const MAX_ATTEMPTS = 10;
const WINDOW_SECONDS = 300;
/** A form with one password field: anything longer is not one. */
const MAX_BODY = 2048;

/** The password form's body, or null when it is not one (too long, or never finished). */
function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  return new Promise((resolve) => {
    let body = '';
    let done = false;
    const finish = (value: URLSearchParams | null) => {
      if (done) return;
      done = true;
      resolve(value);
    };
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) {
        finish(null);
        req.destroy();
      }
    });
    req.on('end', () => finish(new URLSearchParams(body)));
    req.on('error', () => finish(null));
    req.on('close', () => finish(null));
  });
}

/** Checks a scanner's password for a protected code (argon2), rate limited per address and code in Redis. */
export class CodePasswords {
  constructor(
    private readonly redis: IORedis,
    private readonly prefix: string,
  ) {}

  async check(req: IncomingMessage, codeId: string, ip: string, hash: string): Promise<'ok' | 'wrong' | 'limited'> {
    const form = await readForm(req);
    const key = `${this.prefix}:code-password:${codeId}:${ip}`;
    const [[, count]] = ((await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS, 'NX').exec()) ?? [[null, 0]]) as [unknown, number][];
    if (Number(count) > MAX_ATTEMPTS) return 'limited';
    const password = form?.get('password') ?? '';
    if (!password || password.length > 128) return 'wrong';
    try {
      return (await argon2.verify(hash, password)) ? 'ok' : 'wrong';
    } catch {
      return 'wrong';
    }
  }
}
