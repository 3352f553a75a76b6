import { UnknownSlugs } from './unknown-slugs';

describe(UnknownSlugs.name, () => {
  let clock = 0;
  const sut = (max = 3) => new UnknownSlugs(max, () => clock);

  beforeEach(() => {
    clock = 1000;
  });

  it('remembers an unknown slug until it expires', () => {
    const unknown = sut();
    unknown.add('aaaaaaa', 100);

    expect(unknown.has('aaaaaaa')).toBe(true);
    expect(unknown.has('bbbbbbb')).toBe(false);
    clock += 100;
    expect(unknown.has('aaaaaaa')).toBe(true);
    clock += 1;
    expect(unknown.has('aaaaaaa')).toBe(false);
    expect(unknown.size).toBe(0);
  });

  it('forgets a slug as soon as a code takes it', () => {
    const unknown = sut();
    unknown.add('aaaaaaa', 100);

    unknown.forget('aaaaaaa');

    expect(unknown.has('aaaaaaa')).toBe(false);
  });

  it('drops the least recently used slug when full', () => {
    const unknown = sut(3);
    unknown.add('aaaaaaa', 1000);
    unknown.add('bbbbbbb', 1000);
    unknown.add('ccccccc', 1000);
    expect(unknown.has('aaaaaaa')).toBe(true);

    unknown.add('ddddddd', 1000);

    expect(unknown.size).toBe(3);
    expect(unknown.has('bbbbbbb')).toBe(false);
    expect(['aaaaaaa', 'ccccccc', 'ddddddd'].every((slug) => unknown.has(slug))).toBe(true);
  });
});
