import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1: records every request and answers with the status the test
 * chose for its path (200 unless told otherwise).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, () => number>();
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const status = this.answers.get(path)?.() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : `receiver is down (${status})`);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Answers `statuses` in turn on this path, then 200. */
  answer(path: string, ...statuses: number[]): void {
    const queue = [...statuses];
    this.answers.set(path, () => queue.shift() ?? 200);
  }

  /** Always answers `status` on this path. */
  always(path: string, status: number): void {
    this.answers.set(path, () => status);
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
