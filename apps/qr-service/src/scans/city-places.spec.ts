import { CityPlaces } from './city-places';

const stored = (city: string, country = 'GB') => ({ country, city });

describe(CityPlaces.name, () => {
  let sut: CityPlaces;
  beforeEach(() => (sut = new CityPlaces()));

  it('stores a city once, when a stored scan first names it, with what the lookup found', () => {
    sut.note('GB', 'Bracknell', 'England', 51.4, -0.76);
    expect(sut.unknown([])).toEqual([]);
    const places = sut.unknown([stored('Bracknell'), stored('Bracknell')]);
    expect(places).toEqual([{ country: 'GB', city: 'Bracknell', region: 'England', lat: 51.4, lon: -0.76 }]);

    sut.remember(places);
    sut.note('GB', 'Bracknell', 'England', 51.41, -0.77);
    expect(sut.unknown([stored('Bracknell')])).toEqual([]);
  });

  it('never stores a city no stored scan named (a place the EU privacy mode dropped from the scan)', () => {
    sut.note('DE', 'Ober-Ramstadt', 'Hesse', 49.83, 8.75);
    expect(sut.unknown([{ country: 'DE', city: null }])).toEqual([]);
  });

  it('stores coordinates for a city stored without them, once they turn up', () => {
    sut.note('GB', 'Plymouth', null, null, null);
    const without = sut.unknown([stored('Plymouth')]);
    expect(without).toEqual([{ country: 'GB', city: 'Plymouth', region: null, lat: null, lon: null }]);
    sut.remember(without);

    sut.note('GB', 'Plymouth', 'England', null, null);
    expect(sut.unknown([stored('Plymouth')])).toEqual([]);
    sut.note('GB', 'Plymouth', 'England', 50.39, -4.13);
    expect(sut.unknown([stored('Plymouth')])).toEqual([{ country: 'GB', city: 'Plymouth', region: 'England', lat: 50.39, lon: -4.13 }]);
  });

  it('hands new cities over in key order, so two batches writing the same ones never deadlock', () => {
    sut.note('GB', 'York', null, 53.96, -1.08);
    sut.note('DE', 'Aachen', null, 50.79, 6.09);
    sut.note('GB', 'Bath', null, 51.38, -2.36);
    expect(sut.unknown([stored('York'), stored('Aachen', 'DE'), stored('Bath')]).map((p) => `${p.country}|${p.city}`)).toEqual(['DE|Aachen', 'GB|Bath', 'GB|York']);
  });
});
