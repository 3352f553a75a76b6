import { hash } from 'node:crypto';
import { CampaignEntry, RedirectEntry, toCampaignEntry } from '@qrd/contracts';
import { inWindow, pickVariant, resolveCampaign, ScanFacts, withQuery } from './campaign-resolution';
import { NOWHERE } from './scan-places';

const NOW = Date.parse('2026-06-10T12:00:00Z'); // a Wednesday
const HOUR = 3_600_000;

function entry(campaign?: CampaignEntry, destination = 'https://example.com/landing?lang=en'): RedirectEntry {
  return { codeId: '00000000-0000-4000-8000-000000000001', destination, state: 'active', version: 3, campaign };
}

const IPHONE: ScanFacts = { now: NOW, os: 'ios', deviceType: 'mobile', country: 'DE', place: NOWHERE, language: 'de-de', query: '', visitorHash: 'v1' };
const facts = (over: Partial<ScanFacts> = {}): ScanFacts => ({ ...IPHONE, ...over });

const appRules = toCampaignEntry({
  rules: [
    { os: ['ios'], destination: 'https://apps.apple.com/app/x' },
    { os: ['android'], destination: 'https://play.google.com/store/apps/x' },
  ],
}) as CampaignEntry;

const everything = toCampaignEntry({
  expiresAt: '2026-07-01T00:00:00Z',
  scanLimit: 100,
  fallbackUrl: 'https://example.com/over',
  rules: [{ country: ['FR'], destination: 'https://example.fr/' }],
  split: [
    { name: 'A', destination: 'https://example.com/a', weight: 1 },
    { name: 'B', destination: 'https://example.com/b', weight: 1 },
  ],
  schedule: [
    {
      at: '2026-06-10T13:00:00Z',
      destination: 'https://example.com/summer',
      rules: [{ country: ['FR'], destination: 'https://example.fr/ete' }],
      split: [
        { name: 'S1', destination: 'https://example.com/s1', weight: 1 },
        { name: 'S2', destination: 'https://example.com/s2', weight: 1 },
      ],
    },
    { at: '2026-06-10T12:30:00Z', destination: 'https://example.com/noon' },
  ],
}) as CampaignEntry;

// Two visitors landing on different variants of `everything` (found once, fixed here).
const variantOf = (hash: string, split = everything.split ?? []) => pickVariant(split, 2, hash, entry().codeId).name;
const hashA = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'].find((h) => variantOf(h) === 'A') as string;
const hashB = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'].find((h) => variantOf(h) === 'B') as string;

type Row = [name: string, entry: RedirectEntry, facts: Partial<ScanFacts>, location: string | null, variant?: string | null];

const table: Row[] = [
  // Plain codes and pass-through
  ['plain code, no query: the destination as is', entry(), {}, 'https://example.com/landing?lang=en'],
  ['plain code: the query is passed on (on by default)', entry(), { query: 'utm_source=flyer' }, 'https://example.com/landing?lang=en&utm_source=flyer'],
  ['pass-through: the scanner wins a conflict', entry(), { query: 'lang=de&id=7' }, 'https://example.com/landing?lang=de&id=7'],
  ['pass-through keeps a fragment last', entry(undefined, 'https://example.com/p?a=1#top'), { query: 'b=2' }, 'https://example.com/p?a=1&b=2#top'],
  ['pass-through turned off: the query is dropped', entry({ passQuery: false }), { query: 'utm_source=x' }, 'https://example.com/landing?lang=en'],
  ['pass-through encodes what a header cannot carry', entry(undefined, 'https://example.com/'), { query: 'q=a b' }, 'https://example.com/?q=a%20b'],
  // Expiry and limit
  ['before the expiry: redirects', entry({ expiresAt: NOW + 1 }), {}, 'https://example.com/landing?lang=en'],
  ['at the expiry instant: expired page', entry({ expiresAt: NOW }), {}, null],
  ['expired with a fallback: sent there, without the query', entry({ expiresAt: NOW - 1, fallbackUrl: 'https://example.com/over' }), { query: 'a=1' }, 'https://example.com/over'],
  ['limit used up: expired page', entry({ scanLimit: 5 }), { limitReached: true }, null],
  ['before the start: no destination (the "not live yet" page)', entry({ startsAt: NOW + 1 }), {}, null],
  ['at the start instant: redirects', entry({ startsAt: NOW }), {}, 'https://example.com/landing?lang=en'],
  ['before the start with a fallback: sent there', entry({ startsAt: NOW + HOUR, fallbackUrl: 'https://example.com/soon' }), { query: 'a=1' }, 'https://example.com/soon'],
  ['the start beats a matching rule', entry({ ...appRules, startsAt: NOW + HOUR }), { os: 'ios' }, null],
  ['limit used up with a fallback', entry({ scanLimit: 5, fallbackUrl: 'https://example.com/over' }), { limitReached: true }, 'https://example.com/over'],
  ['expired beats a matching rule', entry({ ...appRules, expiresAt: NOW - HOUR }), { os: 'ios' }, null],
  ['expired beats the schedule and the split', entry(everything), { now: Date.parse('2026-07-01T00:00:00Z') }, 'https://example.com/over'],
  // Rules
  ['iOS rule: App Store', entry(appRules), { os: 'ios' }, 'https://apps.apple.com/app/x'],
  ['Android rule: Play Store', entry(appRules), { os: 'android' }, 'https://play.google.com/store/apps/x'],
  ['no rule matches: the destination', entry(appRules), { os: 'windows', deviceType: 'desktop' }, 'https://example.com/landing?lang=en'],
  ['pass-through applies to the rule that won', entry(appRules), { os: 'ios', query: 'utm_campaign=spring' }, 'https://apps.apple.com/app/x?utm_campaign=spring'],
  [
    'first match wins, in order',
    entry(toCampaignEntry({ rules: [{ device: ['mobile'], destination: 'https://m.example.com/' }, { os: ['ios'], destination: 'https://ios.example.com/' }] })),
    { os: 'ios' },
    'https://m.example.com/',
  ],
  [
    'every condition of a rule must hold',
    entry(toCampaignEntry({ rules: [{ os: ['ios'], country: ['US'], destination: 'https://us-ios.example.com/' }] })),
    { os: 'ios', country: 'DE' },
    'https://example.com/landing?lang=en',
  ],
  ['country rule', entry(toCampaignEntry({ rules: [{ country: ['DE', 'AT'], destination: 'https://example.de/' }] })), { country: 'AT' }, 'https://example.de/'],
  ['country rule, unknown country', entry(toCampaignEntry({ rules: [{ country: ['DE'], destination: 'https://example.de/' }] })), { country: null }, 'https://example.com/landing?lang=en'],
  ['language rule: "de" matches de-AT', entry(toCampaignEntry({ rules: [{ language: ['de'], destination: 'https://example.de/' }] })), { language: 'de-at' }, 'https://example.de/'],
  ['language rule: "de" does not match "dei"', entry(toCampaignEntry({ rules: [{ language: ['de'], destination: 'https://example.de/' }] })), { language: 'dei' }, 'https://example.com/landing?lang=en'],
  ['device rule', entry(toCampaignEntry({ rules: [{ device: ['tablet'], destination: 'https://t.example.com/' }] })), { deviceType: 'tablet' }, 'https://t.example.com/'],
  [
    'time rule: weekday office hours in Berlin (14:00 local)',
    entry(toCampaignEntry({ rules: [{ time: { zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }, destination: 'https://office.example.com/' }] })),
    {},
    'https://office.example.com/',
  ],
  [
    'time rule: outside the hours',
    entry(toCampaignEntry({ rules: [{ time: { zone: 'Europe/Berlin', from: '18:00', to: '22:00' }, destination: 'https://evening.example.com/' }] })),
    {},
    'https://example.com/landing?lang=en',
  ],
  [
    'time rule: another day of the week',
    entry(toCampaignEntry({ rules: [{ time: { zone: 'America/New_York', days: [0, 6] }, destination: 'https://weekend.example.com/' }] })),
    {},
    'https://example.com/landing?lang=en',
  ],
  // Schedule
  ['before the first switch: the destination and the base rules', entry(everything), { country: 'FR' }, 'https://example.fr/'],
  ['after a switch without rules of its own: its destination, the base rules still apply', entry(everything), { now: NOW + 40 * 60_000, country: 'FR' }, 'https://example.fr/'],
  ['after a switch: the base split still applies', entry(everything), { now: NOW + 40 * 60_000, visitorHash: hashA }, 'https://example.com/a'],
  ['the switch applies exactly at its instant', entry(toCampaignEntry({ schedule: [{ at: '2026-06-10T12:00:00Z', destination: 'https://example.com/new' }] })), {}, 'https://example.com/new'],
  ['a millisecond before the switch', entry(toCampaignEntry({ schedule: [{ at: '2026-06-10T12:00:00Z', destination: 'https://example.com/new' }] })), { now: NOW - 1 }, 'https://example.com/landing?lang=en'],
  ['the schedule changes the rule set', entry(everything), { now: NOW + 2 * HOUR, country: 'FR' }, 'https://example.fr/ete'],
  // A/B split
  ['split: variant A for this visitor', entry(everything), { country: 'DE', visitorHash: hashA }, 'https://example.com/a', 'A'],
  ['split: variant B for another visitor', entry(everything), { country: 'DE', visitorHash: hashB }, 'https://example.com/b', 'B'],
  ['split: a rule match comes first (no variant)', entry(everything), { country: 'FR', visitorHash: hashA }, 'https://example.fr/', null],
  ['split: pass-through applies to the variant', entry(everything), { country: 'DE', visitorHash: hashB, query: 'utm_source=poster' }, 'https://example.com/b?utm_source=poster', 'B'],
];

describe('resolveCampaign: (entry, scan) -> destination or expired page', () => {
  it.each(table.map((row): [string, Row] => [row[0], row]))(
    '%s',
    (_name, [, redirect, over, expected, variant]) => {
      const outcome = resolveCampaign(redirect, facts(over));
      expect(outcome.location).toBe(expected);
      if (variant !== undefined) expect(outcome.variant).toBe(variant);
    },
  );

  it('the schedule changes the split: the switch\'s variants, query passed on', () => {
    const a = resolveCampaign(entry(everything), facts({ now: NOW + 2 * HOUR, country: 'DE', visitorHash: hashA, query: 'x=1' }));
    expect(a.location).toMatch(/^https:\/\/example\.com\/s[12]\?x=1$/);
    expect(['S1', 'S2']).toContain(a.variant);
  });

  it('names the rule that won by its position in the rules in force, and no rule otherwise', () => {
    const out = { location: null, variant: null, rule: null };
    expect(resolveCampaign(entry(appRules), facts({ os: 'ios' }), out)).toEqual({ location: 'https://apps.apple.com/app/x', variant: null, rule: 1 });
    expect(resolveCampaign(entry(appRules), facts({ os: 'android' }), out)).toEqual({ location: 'https://play.google.com/store/apps/x', variant: null, rule: 2 });
    // The same outcome object, reused: a scan no rule matches leaves no rule behind.
    expect(resolveCampaign(entry(appRules), facts({ os: 'windows' }), out)).toBe(out);
    expect(out).toEqual({ location: 'https://example.com/landing?lang=en', variant: null, rule: null });
    expect(resolveCampaign(entry(), facts(), { location: null, variant: null, rule: 2 }).rule).toBeNull();
    expect(resolveCampaign(entry(everything), facts({ country: 'DE', visitorHash: hashA })).rule).toBeNull();
    expect(resolveCampaign(entry(everything), facts({ country: 'FR' }))).toMatchObject({ rule: 1, variant: null });
    // Outside the dates no rule decides, even one that would match.
    expect(resolveCampaign(entry(everything), facts({ country: 'FR', now: Date.parse('2026-07-02T00:00:00Z') })).rule).toBeNull();
    // A schedule change's own rules are the ones in force (their positions count).
    expect(resolveCampaign(entry(everything), facts({ country: 'FR', now: NOW + 2 * HOUR }))).toMatchObject({ location: 'https://example.fr/ete', rule: 1 });
  });

  it('a scanner keeps their variant; the weights decide the share', () => {
    const split = [
      { name: 'A', destination: 'https://example.com/a', weight: 3 },
      { name: 'B', destination: 'https://example.com/b', weight: 1 },
    ];
    const counts: Record<string, number> = { A: 0, B: 0 };
    for (let i = 0; i < 4000; i++) {
      const hash = `visitor-${i}`;
      const first = pickVariant(split, 4, hash, 'code');
      expect(pickVariant(split, 4, hash, 'code')).toBe(first);
      counts[first.name]++;
    }
    expect(counts.A / 4000).toBeGreaterThan(0.7);
    expect(counts.A / 4000).toBeLessThan(0.8);
  });

  it('every code splits the same visitors independently, each by its own weights', () => {
    // Visitors as the route hashes them (one address and browser on one day), codes with real ids.
    const visitors = Array.from({ length: 1000 }, (_, i) => hash('sha256', `20600|203.0.113.${i % 250}|Mozilla/5.0 (agent ${i >> 2})`, 'base64url'));
    const codes = Array.from({ length: 20 }, (_, i) => `0b6f1c2e-4a5d-4e8f-9a0b-${String(i).padStart(12, '0')}`);
    const even = [
      { name: 'A', destination: 'https://example.com/a', weight: 1 },
      { name: 'B', destination: 'https://example.com/b', weight: 1 },
    ];
    const assignments = codes.map((code) => visitors.map((visitor) => pickVariant(even, 2, visitor, code).name));
    for (const assigned of assignments) {
      const shareA = assigned.filter((name) => name === 'A').length / visitors.length;
      expect(Math.abs(shareA - 0.5)).toBeLessThan(0.06);
    }
    const agreements: number[] = [];
    for (let a = 0; a < codes.length; a++) {
      for (let b = a + 1; b < codes.length; b++) {
        agreements.push(visitors.filter((_, v) => assignments[a][v] === assignments[b][v]).length / visitors.length);
      }
    }
    // Same or mirrored splits agree on 100% or 0% of the visitors; independent ones on about half.
    for (const agreement of agreements) expect(Math.abs(agreement - 0.5)).toBeLessThan(0.07);
    expect(Math.abs(agreements.reduce((sum, x) => sum + x, 0) / agreements.length - 0.5)).toBeLessThan(0.01);

    const weighted = [
      { name: 'A', destination: 'https://example.com/a', weight: 3 },
      { name: 'B', destination: 'https://example.com/b', weight: 1 },
    ];
    for (const code of codes) {
      const shareA = visitors.filter((visitor) => pickVariant(weighted, 4, visitor, code).name === 'A').length / visitors.length;
      expect(Math.abs(shareA - 0.75)).toBeLessThan(0.05);
      expect(pickVariant(weighted, 4, visitors[7], code)).toBe(pickVariant(weighted, 4, visitors[7], code));
    }
  });

  it('a window across midnight counts the evening\'s day', () => {
    const window = { zone: 'UTC', days: [5], from: '22:00', to: '02:00' };
    expect(inWindow(window, Date.parse('2026-06-12T23:00:00Z'))).toBe(true); // Friday 23:00
    expect(inWindow(window, Date.parse('2026-06-13T01:00:00Z'))).toBe(true); // Saturday 01:00, Friday night
    expect(inWindow(window, Date.parse('2026-06-13T23:00:00Z'))).toBe(false); // Saturday 23:00
    expect(inWindow(window, Date.parse('2026-06-12T12:00:00Z'))).toBe(false);
  });

  it('a plain code without query costs no new string', () => {
    const plain = entry();
    expect(withQuery(plain.destination as string, '')).toBe(plain.destination);
  });
});
