import { effectiveStateOf } from './effective-state';

describe(effectiveStateOf.name, () => {
  const now = Date.parse('2026-06-10T12:00:00Z');

  it.each([
    ['a plain active code', { state: 'active' as const, campaign: null }, null, 'active'],
    ['a deactivated code, even past its end date', { state: 'deactivated' as const, campaign: { expiresAt: '2026-06-01T00:00:00Z' } }, null, 'deactivated'],
    ['a suspended code', { state: 'suspended' as const }, null, 'suspended'],
    ['a code before its end date', { state: 'active' as const, campaign: { expiresAt: '2026-06-10T12:00:01Z' } }, null, 'active'],
    ['a code at its end date (the redirect-service expires it then)', { state: 'active' as const, campaign: { expiresAt: '2026-06-10T14:00:00+02:00' } }, null, 'expired'],
    ['a code with scans left', { state: 'active' as const, campaign: { scanLimit: 5 } }, 4, 'active'],
    ['a code whose limit is used up', { state: 'active' as const, campaign: { scanLimit: 5 } }, 5, 'scan_limit_reached'],
    ['a code whose counter was not read', { state: 'active' as const, campaign: { scanLimit: 5 } }, null, 'active'],
    ['a code before its start', { state: 'active' as const, campaign: { startsAt: '2026-06-10T12:00:01Z' } }, null, 'scheduled'],
    ['a code at its start (live from then on)', { state: 'active' as const, campaign: { startsAt: '2026-06-10T14:00:00+02:00', scanLimit: 5 } }, 0, 'active'],
    ['a deactivated code before its start', { state: 'deactivated' as const, campaign: { startsAt: '2026-07-01T00:00:00Z' } }, null, 'deactivated'],
    ['a code both expired and used up: the end date first', { state: 'active' as const, campaign: { scanLimit: 1, expiresAt: '2026-06-01T00:00:00Z' } }, 3, 'expired'],
  ])('%s', (_, code, used, expected) => {
    expect(effectiveStateOf(code, now, used)).toBe(expected);
  });
});
