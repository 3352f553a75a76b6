import { blockedDomain, matchBlocked } from './destination-blocklist';

describe('destination blocklist', () => {
  it('reads entries as domains: case, wildcards, dots, comments and IDNs', () => {
    expect(blockedDomain('  Evil.Example ')).toBe('evil.example');
    expect(blockedDomain('*.evil.example')).toBe('evil.example');
    expect(blockedDomain('.evil.example.')).toBe('evil.example');
    expect(blockedDomain('bücher.example')).toBe('xn--bcher-kva.example');
    expect(blockedDomain('# a comment')).toBeNull();
    expect(blockedDomain('https://evil.example/path')).toBeNull();
  });

  it('blocks a domain and its subdomains, not look-alikes', () => {
    const domains = ['evil.example'];
    expect(matchBlocked('evil.example', domains)).toBe('evil.example');
    expect(matchBlocked('WWW.Evil.Example.', domains)).toBe('evil.example');
    expect(matchBlocked('a.b.evil.example', domains)).toBe('evil.example');
    expect(matchBlocked('notevil.example', domains)).toBeNull();
    expect(matchBlocked('evil.example.com', domains)).toBeNull();
  });
});
