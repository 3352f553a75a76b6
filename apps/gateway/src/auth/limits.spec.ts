import { clientKey, loginDelayMs } from './limits';

describe(clientKey.name, () => {
  it('counts an IPv4 client by its address, however it arrived', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('puts unknown addresses in one bucket', () => {
    expect(clientKey(undefined)).toBe('unknown');
  });
});

describe(loginDelayMs.name, () => {
  it('does not slow the first failures, then doubles up to 3 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map(loginDelayMs)).toEqual([0, 0, 0, 200, 400, 800, 1600, 3000, 3000, 3000]);
  });
});
