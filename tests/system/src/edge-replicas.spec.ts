import { join } from 'node:path';
import { ROOT } from '../../e2e/src/support/environment';
import { freePort, NodeEdge, requestsPerReplica, startNodeEdge } from './front-door';
import { TestSystem } from './harness';

/**
 * The front door of `npm start` (tools/edge.mjs) in front of replicas (REPLICAS=...): it takes them
 * in turn and passes over one that is down, as nginx's upstreams do.
 */
describe('the npm start front door with replicas', () => {
  let system: TestSystem;
  let edge: NodeEdge | undefined;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['qr', 'redirect'] });
    await system.startService('redirect', 'redirect2');
    const dead = await freePort();
    edge = await startNodeEdge({
      webRoot: join(ROOT, 'tmp'),
      gatewayPort: [dead],
      redirectPort: [Number(new URL(system.url('redirect')).port), dead, Number(new URL(system.url('redirect2')).port)],
    });
  }, 60_000);

  afterAll(async () => {
    await edge?.stop();
    await system?.stop();
  });

  it('spreads requests over the live replicas and never answers 502 while one is down', async () => {
    const statuses: number[] = [];
    const counts = await requestsPerReplica(system, ['redirect', 'redirect2'], async () => {
      for (let i = 0; i < 30; i++) {
        const res = await fetch(`${edge?.baseUrl}/r/Zz9Zz9Z`, { redirect: 'manual' });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    });
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect(counts.redirect + counts.redirect2).toBe(30);
    expect(counts.redirect).toBeGreaterThanOrEqual(10);
    expect(counts.redirect2).toBeGreaterThanOrEqual(10);
  });

  it('answers 502 with a message when no replica of the service is up', async () => {
    const res = await fetch(`${edge?.baseUrl}/api/auth/user`);
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('The service is not reachable right now.');
  });
});
