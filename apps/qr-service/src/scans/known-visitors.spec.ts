import { KnownVisitors, VisitorKey } from './known-visitors';

const CODE = '11111111-1111-4111-8111-111111111111';
const OWNER = '22222222-2222-4222-8222-222222222222';

const key = (hash: string, at: number, scope: VisitorKey['scope'] = 'code', day = '2026-11-27'): VisitorKey => ({
  scope,
  scopeId: scope === 'code' ? CODE : OWNER,
  day,
  hash,
  at,
  codeId: CODE,
});

describe('KnownVisitors', () => {
  it('leaves out a stored visitor scanning again later that day, in the same scope only', () => {
    const known = new KnownVisitors();
    expect(known.unknown([key('a', 100)], '0')).toHaveLength(1);
    known.remember([key('a', 100)], '0');
    const left = known.unknown([key('a', 200), key('a', 200, 'owner'), key('a', 200, 'code', '2026-11-28'), key('b', 200)], '0');
    expect(left.map((k) => `${k.hash} ${k.scope} ${k.day}`)).toEqual(['a owner 2026-11-27', 'a code 2026-11-28', 'b code 2026-11-27']);
  });

  it('still sends a scan earlier than the one remembered (it may become the first of the day)', () => {
    const known = new KnownVisitors();
    known.remember([key('a', 100)], '0');
    expect(known.unknown([key('a', 50)], '0')).toHaveLength(1);
    known.remember([key('a', 50)], '0');
    expect(known.unknown([key('a', 60)], '0')).toHaveLength(0);
  });

  it('forgets everything once visitors were removed (the epoch moved), and ignores what was read before', () => {
    const known = new KnownVisitors();
    known.unknown([], '0');
    known.remember([key('a', 100)], '0');
    expect(known.unknown([key('a', 200)], '1')).toHaveLength(1);
    // A batch that read the old epoch commits late: its visitors may be the removed ones.
    known.remember([key('b', 100)], '0');
    expect(known.unknown([key('a', 200), key('b', 200)], '1')).toHaveLength(2);
  });

  it('stays within its limit, keeping the visitors seen lately', () => {
    const known = new KnownVisitors(4);
    known.unknown([], '0');
    known.remember([key('a', 1), key('b', 1)], '0');
    known.remember([key('c', 1), key('d', 1)], '0');
    // 'a' seen again: kept when the older generation goes.
    expect(known.unknown([key('a', 2)], '0')).toHaveLength(0);
    known.remember([key('e', 1), key('f', 1)], '0');
    expect(known.unknown([key('a', 2), key('b', 2), key('c', 2), key('e', 2)], '0').map((k) => k.hash)).toEqual(['b', 'c']);
  });
});
