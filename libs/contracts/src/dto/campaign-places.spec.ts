import { toCampaignEntry } from './campaign-entry';
import { placeKey } from './campaign-places';
import { campaignProblems } from './campaign.dto';

const URL = 'https://example.com/x';
const problemsOf = (rule: object) => campaignProblems({ rules: [{ ...rule, destination: URL }] }, 0);

describe('region and city rules', () => {
  it('takes regions and cities, with or without a country', () => {
    expect(problemsOf({ region: ['Bavaria', 'Île-de-France'] })).toEqual({});
    expect(problemsOf({ city: [{ name: 'Munich', country: 'DE' }, { name: 'Springfield' }] })).toEqual({});
    expect(problemsOf({ region: [], city: [{ name: 'Lyon' }] })).toEqual({});
  });

  it.each([
    [{ region: 'Bavaria' }, 'rules.0.region', 'Regions must be a list of names such as Bavaria'],
    [{ region: ['Bavaria', '  '] }, 'rules.0.region', 'Region 2 has no name: give one such as Bavaria'],
    [{ region: [7] }, 'rules.0.region', 'Region 1 has no name: give one such as Bavaria'],
    [{ region: ['x'.repeat(81)] }, 'rules.0.region', 'Region names are at most 80 characters (region 1 is longer)'],
    [{ region: Array.from({ length: 51 }, (_, i) => `R${i}`) }, 'rules.0.region', 'Use at most 50 regions in a rule'],
    [{ city: { name: 'Munich' } }, 'rules.0.city', 'Cities must be a list such as [{ "name": "Munich", "country": "DE" }]'],
    [{ city: ['Munich'] }, 'rules.0.city', 'City 1 must be given as { "name": "Munich", "country": "DE" } (the country may be left out)'],
    [{ city: [{ name: '' }] }, 'rules.0.city', 'City 1 has no name: give one such as Munich'],
    [{ city: [{ name: 'Munich', country: 'de' }] }, 'rules.0.city', 'City 1: the country must be a two-letter ISO code such as DE'],
    [{ city: [{ name: 'Munich', zip: '80331' }] }, 'rules.0.city', 'City 1 has a field "zip": a city has only a name and a country'],
    [{ city: [{ name: 'y'.repeat(81) }] }, 'rules.0.city', 'City names are at most 80 characters (city 1 is longer)'],
    [{ city: Array.from({ length: 51 }, (_, i) => ({ name: `Town ${i}` })) }, 'rules.0.city', 'Use at most 50 cities in a rule'],
  ])('refuses %j: %s', (rule, path, message) => {
    expect(problemsOf(rule)).toEqual({ [path]: message });
  });

  it('counts a region or city as a condition, and sees a later rule the earlier one catches', () => {
    expect(problemsOf({ region: ['Bavaria'] })).toEqual({});
    const shadowed = (earlier: object, later: object) =>
      campaignProblems({ rules: [{ ...earlier, destination: URL }, { ...later, destination: 'https://example.com/y' }] }, 0)['rules.1'];
    const never = 'Rule 2 can never match: rule 1 comes first and catches every scan it would';
    expect(shadowed({ region: ['bavaria', 'Saxony'] }, { region: ['Bavaria'], os: ['ios'] })).toBe(never);
    expect(shadowed({ city: [{ name: 'Munich' }] }, { city: [{ name: 'MUNICH', country: 'DE' }] })).toBe(never);
    expect(shadowed({ city: [{ name: 'Munich', country: 'DE' }] }, { city: [{ name: 'Munich' }] })).toBeUndefined();
    expect(shadowed({ region: ['Bavaria'] }, { city: [{ name: 'Munich' }] })).toBeUndefined();
  });

  it('carries names in the entry as keys (case and accents aside), and marks what the rules ask of the address', () => {
    const entry = toCampaignEntry({
      rules: [{ region: ['Île-de-France'], city: [{ name: ' Zürich ', country: 'CH' }], destination: URL }],
    });
    expect(entry?.rules?.[0]).toMatchObject({ region: ['ile-de-france'], city: [{ name: 'zurich', country: 'CH' }] });
    expect(entry?.geo).toBe('place');
    expect(toCampaignEntry({ rules: [{ country: ['DE'], destination: URL }] })?.geo).toBe('country');
    expect(toCampaignEntry({ schedule: [{ at: '2030-01-01T00:00:00Z', destination: URL, rules: [{ city: [{ name: 'Lyon' }], destination: URL }] }] })?.geo).toBe('place');
    expect(toCampaignEntry({ rules: [{ os: ['ios'], destination: URL }] })?.geo).toBeUndefined();
    expect(placeKey('São  Paulo')).toBe(placeKey('sao paulo'));
  });
});
