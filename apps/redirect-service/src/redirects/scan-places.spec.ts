import type { IncomingMessage } from 'node:http';
import { type CampaignEntry, type CampaignRule, toCampaignEntry } from '@qrd/contracts';
import { type GeoIpLookup, sharedGeoIp } from '@qrd/geoip';
import { ruleMatches, type ScanFacts } from './campaign-resolution';
import { RequestFacts } from './scan-facts';
import { NOWHERE, type ScanPlace, ScanPlaces } from './scan-places';

const URL = 'https://example.com/x';
const MUNICH: ScanPlace = { country: 'DE', region: 'bavaria', city: 'munich' };
const facts = (place: ScanPlace, country: string | null = place.country): ScanFacts => ({
  now: 0,
  os: 'ios',
  deviceType: 'mobile',
  country,
  place,
  language: null,
  query: '',
  visitorHash: 'v',
});
/** A rule as the redirect entry carries it (names as keys). */
const rule = (conditions: Partial<CampaignRule>): CampaignRule => ((toCampaignEntry({ rules: [{ ...conditions, destination: URL }] }) as CampaignEntry).rules as CampaignRule[])[0];

describe('ruleMatches with regions and cities', () => {
  it('matches a region by name, whatever its case and accents', () => {
    expect(ruleMatches(rule({ region: ['BAVARIA', 'Saxony'] }), facts(MUNICH))).toBe(true);
    expect(ruleMatches(rule({ region: ['Saxony'] }), facts(MUNICH))).toBe(false);
    expect(ruleMatches(rule({ region: ['Île-de-France'] }), facts({ country: 'FR', region: 'ile-de-france', city: 'paris' }))).toBe(true);
  });

  it('matches a city anywhere, or only in the country given with it', () => {
    expect(ruleMatches(rule({ city: [{ name: 'Munich' }] }), facts(MUNICH))).toBe(true);
    expect(ruleMatches(rule({ city: [{ name: 'munich', country: 'DE' }] }), facts(MUNICH))).toBe(true);
    expect(ruleMatches(rule({ city: [{ name: 'Munich', country: 'US' }] }), facts(MUNICH))).toBe(false);
    expect(ruleMatches(rule({ city: [{ name: 'Hamburg' }, { name: 'Munich', country: 'DE' }] }), facts(MUNICH))).toBe(true);
  });

  it('never matches a scan from an unknown place, and needs every condition of the rule', () => {
    expect(ruleMatches(rule({ region: ['Bavaria'] }), facts(NOWHERE))).toBe(false);
    expect(ruleMatches(rule({ city: [{ name: 'Munich' }] }), facts(NOWHERE))).toBe(false);
    expect(ruleMatches(rule({ city: [{ name: 'Munich' }], os: ['android'] }), facts(MUNICH))).toBe(false);
    expect(ruleMatches(rule({ region: ['Bavaria'], country: ['AT'] }), facts(MUNICH))).toBe(false);
  });
});

describe(ScanPlaces.name, () => {
  let geo: GeoIpLookup;
  beforeAll(async () => {
    geo = await sharedGeoIp(null);
  });

  it('opens the database only for codes whose rules need it, once, and then answers without waiting', async () => {
    const open = jest.fn(async () => geo);
    const sut = new ScanPlaces(null, 'cf-ipcountry', () => undefined, open);
    expect(sut.mustWait(undefined)).toBe(false);
    // With a trusted country header, country rules never need the database.
    expect(sut.mustWait('country')).toBe(false);
    expect(sut.mustWait('place')).toBe(true);
    expect(sut.of('81.2.69.142')).toBe(NOWHERE);
    await Promise.all([sut.ready(), sut.ready()]);
    expect(open).toHaveBeenCalledTimes(1);
    expect(sut.mustWait('place')).toBe(false);
    expect(sut.of('81.2.69.142')).toEqual({ country: 'GB', region: 'england', city: 'bracknell' });
    expect(new ScanPlaces(null, null, () => undefined, open).mustWait('country')).toBe(true);
  });

  it('goes on without places for a minute when the database cannot be opened', async () => {
    const errors: unknown[] = [];
    const sut = new ScanPlaces('/nowhere/city.mmdb', null, (e) => errors.push(e));
    await sut.ready();
    expect(errors).toHaveLength(1);
    expect(sut.mustWait('place')).toBe(false);
    expect(sut.of('81.2.69.142')).toBe(NOWHERE);
  });

  it('gives the facts the GeoIP country when no trusted header is configured, and the header alone when one is', async () => {
    const places = new ScanPlaces(null, null, () => undefined, async () => geo);
    await places.ready();
    const req = { headers: { 'cf-ipcountry': 'FR' } } as unknown as IncomingMessage;
    expect(new RequestFacts(null, places).of(req, 0, '', '81.2.69.142', false).country).toBe('GB');
    expect(new RequestFacts('cf-ipcountry', places).of(req, 0, '', '81.2.69.142', false).country).toBe('FR');
    const lookups = jest.spyOn(places, 'of');
    const sut = new RequestFacts(null, places).of(req, 0, '', '81.2.69.142', false);
    expect(sut.place.city).toBe('bracknell');
    expect(sut.place.region).toBe('england');
    expect(lookups).toHaveBeenCalledTimes(1);
  });
});
