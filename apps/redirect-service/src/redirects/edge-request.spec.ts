import { randomBytes } from 'node:crypto';
import { edgeRequestOf } from './edge-request';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NOW = 1_764_480_000_000;
const ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

describe('edgeRequestOf', () => {
  it('stamps the scan with the time the front door took the request, and the same request gets the same scan id', () => {
    const headers = { 'x-request-start': `t=${(NOW - 12) / 1000}`, 'x-edge-request-id': ID };
    const first = edgeRequestOf(headers, NOW);
    expect(first?.ms).toBe(NOW - 12);
    expect(first?.scanId).toMatch(UUID_V7);
    expect(parseInt(first?.scanId.replace(/-/g, '').slice(0, 12) ?? '', 16)).toBe(NOW - 12);
    // The retry on another replica, a little later.
    expect(edgeRequestOf(headers, NOW + 40)).toEqual(first);
  });

  it('gives other requests other ids, in the same millisecond too', () => {
    const start = `t=${NOW / 1000}`;
    const ids = new Set(
      Array.from({ length: 200 }, () => edgeRequestOf({ 'x-request-start': start, 'x-edge-request-id': randomBytes(16).toString('hex') }, NOW)?.scanId),
    );
    expect(ids.size).toBe(200);
  });

  it('takes nothing that is missing, malformed or far from this clock', () => {
    const start = `t=${NOW / 1000}`;
    for (const headers of [
      {},
      { 'x-request-start': start },
      { 'x-edge-request-id': ID },
      { 'x-request-start': start, 'x-edge-request-id': ID.toUpperCase() },
      { 'x-request-start': start, 'x-edge-request-id': `${ID}0` },
      { 'x-request-start': `${NOW / 1000}`, 'x-edge-request-id': ID },
      { 'x-request-start': 't=soon', 'x-edge-request-id': ID },
      { 'x-request-start': `t=${(NOW - 120_000) / 1000}`, 'x-edge-request-id': ID },
      { 'x-request-start': `t=${(NOW + 120_000) / 1000}`, 'x-edge-request-id': ID },
    ]) {
      expect(edgeRequestOf(headers, NOW)).toBeNull();
    }
  });
});
