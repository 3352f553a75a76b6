import { AddressInfo, createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A TCP link to the real Redis that a test can cut and restore: how a service experiences Redis
 * going away, without stopping the Redis every other test shares.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static forRedis(redisUrl: string): TcpProxy {
    const url = new URL(redisUrl);
    return new TcpProxy(url.hostname, Number(url.port || 6379));
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = createConnection(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Drops every connection and refuses new ones until restore(). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  restore(): Promise<void> {
    return this.start();
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
}
