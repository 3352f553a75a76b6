import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@qrd/config';
import { testConfig } from '@qrd/testing';
import { blockedDomain, DestinationBlocklist, matchBlocked } from './destination-blocklist';

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

describe(DestinationBlocklist.name, () => {
  const logger = createLogger('blocklist-test', 'silent');
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qrd-blocklist-unit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('joins the setting and the file, and reads the file again when it changes', async () => {
    const file = join(dir, 'list.txt');
    await writeFile(file, 'one.example\n');
    const sut = new DestinationBlocklist(testConfig('postgres://unused/unused', { DESTINATION_BLOCKLIST: 'a.example, b.example', DESTINATION_BLOCKLIST_FILE: file }), logger);
    sut.onModuleInit();
    expect(sut.domains().sort()).toEqual(['a.example', 'b.example', 'one.example']);
    await writeFile(file, 'one.example\ntwo.example # added later\n');
    expect(sut.refuses(new URL('https://shop.two.example/'))).toBe('two.example');
  });

  it('stops the start when the file cannot be read, naming the setting', () => {
    const sut = new DestinationBlocklist(testConfig('postgres://unused/unused', { DESTINATION_BLOCKLIST_FILE: join(dir, 'missing.txt') }), logger);
    expect(() => sut.onModuleInit()).toThrow(/DESTINATION_BLOCKLIST_FILE: cannot read .*missing\.txt/);
  });
});
