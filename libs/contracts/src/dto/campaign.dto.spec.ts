import { toCampaignEntry } from './campaign-entry';
import { campaignChangeProblems, campaignProblems, isCountryCode } from './campaign.dto';
import { customSlugProblem, slugLookalikeKey } from './custom-slug.dto';

const NOW = Date.parse('2026-06-10T12:00:00Z');
const URL = 'https://example.com/x';

describe('campaignProblems', () => {
  it.each([
    [{ passQuery: 'yes' }, 'passQuery', 'Query pass-through is on or off'],
    [{ expiresAt: 'tomorrow' }, 'expiresAt', 'The expiry must be a date and time, such as 2026-12-31T23:59:00+01:00'],
    [{ expiresAt: '2026-06-10T11:59:00Z' }, 'expiresAt', 'The expiry is in the past: choose a later date and time'],
    [{ startsAt: 'next week' }, 'startsAt', 'The start must be a date and time, such as 2026-12-01T09:00:00+01:00'],
    [{ startsAt: '2026-07-01T00:00:00Z', expiresAt: '2026-07-01T00:00:00Z' }, 'startsAt', 'The start must be before the expiry'],
    [{ scanLimit: 2.5 }, 'scanLimit', 'The scan limit must be a whole number of at least 1'],
    [{ fallbackUrl: 'example.com' }, 'fallbackUrl', 'Please enter a valid URL. Include https:// at the beginning.'],
    [{ schedule: [{ at: '2026-06-10T11:00:00Z', destination: URL }] }, 'schedule.0.at', 'This switch is in the past: choose a later date and time'],
    [
      { schedule: [{ at: '2026-07-01T00:00:00Z', destination: URL }, { at: '2026-07-01T02:00:00+02:00', destination: URL }] },
      'schedule.1.at',
      'Two switches are planned for the same moment',
    ],
    [{ rules: [{ destination: URL }] }, 'rules.0', 'Rule 1 has no condition: give it an operating system, device, country, region, city, language or time'],
    [{ rules: [{ os: ['symbian'], destination: URL }] }, 'rules.0.os', 'The operating system must be iOS, Android, Windows, macOS or other'],
    [{ rules: [{ country: ['de'], destination: URL }] }, 'rules.0.country', 'Countries must be two-letter ISO codes such as DE or US'],
    [{ rules: [{ time: { zone: 'Mars/Olympus' }, destination: URL }] }, 'rules.0.time.zone', 'Choose a known time zone, such as Europe/Berlin'],
    [{ rules: [{ time: { zone: 'UTC', from: '09:00' }, destination: URL }] }, 'rules.0.time', 'Give both the start and the end time, or neither'],
    [
      { rules: [{ country: ['DE', 'AT'], destination: URL }, { country: ['AT'], language: ['de'], destination: URL }] },
      'rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      { rules: [{ os: ['ios'], destination: URL }, { os: ['ios'], destination: 'https://example.com/y' }] },
      'rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      { rules: [{ language: ['de'], destination: URL }, { language: ['de-AT'], country: ['AT'], destination: URL }] },
      'rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      {
        rules: [
          { time: { zone: 'Europe/Berlin', from: '22:00', to: '06:00' }, destination: URL },
          { time: { zone: 'Europe/Berlin', days: [5, 6], from: '23:00', to: '02:00' }, os: ['ios'], destination: URL },
        ],
      },
      'rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      { schedule: [{ at: '2026-07-01T00:00:00Z', destination: URL, rules: [{ country: ['DE'], destination: URL }, { country: ['DE'], destination: URL }] }] },
      'schedule.0.rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [{ split: [{ name: 'A', destination: URL, weight: 1 }] }, 'split', 'An A/B split needs at least two variants'],
    [{ split: [{ name: 'A', destination: URL, weight: 1 }, { name: 'A', destination: URL, weight: 1 }] }, 'split.1.name', 'Each variant needs its own name'],
    [{ split: [{ name: 'A', destination: URL, weight: -1 }, { name: 'B', destination: URL, weight: 1 }] }, 'split.0.weight', 'Weights must be whole numbers from 1 to 1000'],
  ])('%j: %s', (settings, field, message) => {
    expect(campaignProblems(settings, NOW)[field]).toBe(message);
  });

  it('accepts sound settings, with a later rule narrower only where the earlier does not cover it', () => {
    expect(
      campaignProblems(
        {
          startsAt: '2026-06-01T00:00:00Z',
          expiresAt: '2026-12-31T23:59:00+01:00',
          scanLimit: 500,
          rules: [
            { os: ['ios'], country: ['DE'], destination: URL },
            { os: ['ios'], destination: URL },
          ],
          split: [
            { name: 'A', destination: URL, weight: 3 },
            { name: 'B', destination: URL, weight: 1 },
          ],
        },
        NOW,
      ),
    ).toEqual({});
  });

  it('accepts rules whose windows only overlap, or that a later rule widens', () => {
    const rules = (a: object, b: object) => ({ rules: [{ ...a, destination: URL }, { ...b, destination: URL }] });
    const berlin = (from: string, to: string, days?: number[]) => ({ time: { zone: 'Europe/Berlin', from, to, ...(days ? { days } : {}) } });
    expect(campaignProblems(rules(berlin('09:00', '17:00'), berlin('16:00', '18:00')), NOW)).toEqual({});
    expect(campaignProblems(rules(berlin('09:00', '17:00', [1, 2, 3, 4, 5]), berlin('10:00', '12:00')), NOW)).toEqual({});
    // After midnight a window belongs to the evening it began: Friday 22:00-06:00 does not hold Friday 01:00.
    expect(campaignProblems(rules(berlin('22:00', '06:00', [5]), berlin('01:00', '02:00', [5])), NOW)).toEqual({});
    expect(campaignProblems(rules(berlin('22:00', '06:00', [5]), berlin('01:00', '02:00', [6])), NOW)['rules.1']).toBeDefined();
    expect(campaignProblems(rules({ language: ['de-AT'] }, { language: ['de'] }), NOW)).toEqual({});
    expect(campaignProblems(rules({ time: { zone: 'Europe/Berlin', from: '09:00', to: '17:00' } }, { time: { zone: 'UTC', from: '10:00', to: '11:00' } }), NOW)).toEqual({});
  });

  it('keeps a switch that already happened as history, refusing only new ones in the past', () => {
    const previous = { schedule: [{ at: '2026-06-01T00:00:00Z', destination: URL }] };
    expect(campaignChangeProblems({ schedule: [...previous.schedule, { at: '2026-07-01T00:00:00Z', destination: URL }] }, previous, NOW)).toEqual({});
    expect(campaignChangeProblems({ schedule: [...previous.schedule, { at: '2026-06-02T00:00:00Z', destination: URL }] }, previous, NOW)).toEqual({
      'schedule.1.at': 'This switch is in the past: choose a later date and time',
    });
  });
});

describe('toCampaignEntry', () => {
  it('carries instants as milliseconds, the schedule sorted, the split total, and nothing for empty settings', () => {
    expect(toCampaignEntry({})).toBeUndefined();
    expect(toCampaignEntry({ passQuery: true, rules: [], split: [] })).toBeUndefined();
    expect(
      toCampaignEntry({
        passQuery: false,
        startsAt: '2026-06-12T09:00:00+02:00',
        expiresAt: '2026-07-01T00:00:00Z',
        schedule: [
          { at: '2026-06-20T00:00:00Z', destination: 'https://example.com/2' },
          { at: '2026-06-15T00:00:00Z', destination: 'https://example.com/1' },
        ],
        rules: [{ language: ['PT-br'], destination: URL }],
        split: [
          { name: 'A', destination: URL, weight: 2 },
          { name: 'B', destination: URL, weight: 3 },
        ],
      }),
    ).toEqual({
      passQuery: false,
      startsAt: Date.parse('2026-06-12T07:00:00Z'),
      expiresAt: Date.parse('2026-07-01T00:00:00Z'),
      schedule: [
        { at: Date.parse('2026-06-15T00:00:00Z'), destination: 'https://example.com/1' },
        { at: Date.parse('2026-06-20T00:00:00Z'), destination: 'https://example.com/2' },
      ],
      rules: [{ language: ['pt-br'], destination: URL }],
      split: [
        { name: 'A', destination: URL, weight: 2 },
        { name: 'B', destination: URL, weight: 3 },
      ],
      splitTotal: 5,
    });
  });
});

describe('custom slugs', () => {
  it.each([
    ['spring-menu', null],
    ['Ab_9', null],
    ['abc', 'A custom short link has 4 to 32 letters, digits, - or _'],
    ['a'.repeat(33), 'A custom short link has 4 to 32 letters, digits, - or _'],
    ['menü', 'A custom short link has 4 to 32 letters, digits, - or _'],
    ['ADMIN', 'This short link is reserved: choose another'],
  ])('%s', (slug, problem) => expect(customSlugProblem(slug)).toBe(problem));

  it('reads look-alikes as one', () => {
    expect(slugLookalikeKey('Spring-Menu_2026')).toBe(slugLookalikeKey('SPRlNG-MENU-2O26'));
    expect(slugLookalikeKey('abcd')).not.toBe(slugLookalikeKey('abce'));
  });

  it('knows real country codes only', () => {
    expect(['DE', 'US', 'FR'].every(isCountryCode)).toBe(true);
    expect(['QQ', 'XX', 'ZZ', 'de', 'DEU'].some(isCountryCode)).toBe(false);
  });
});
