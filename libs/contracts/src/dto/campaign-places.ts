import { isCountryCode } from './country-code';
import type { FieldErrors } from './validate-dto';

/**
 * Region and city conditions of routing rules (docs/campaign-controls.md): places as the
 * redirect-service's GeoIP database names them in English ('Bavaria', 'Munich'), compared without
 * regard to case or accents, so 'munich' and 'Zürich' match 'Munich' and 'Zurich'.
 */

/** A city in a routing rule; with `country`, only the city of that name in that country. */
export interface CampaignCity {
  name: string;
  /** ISO 3166-1 alpha-2, upper case ('Springfield' in 'US' rather than any Springfield). */
  country?: string;
}

/** Regions or cities one rule may list. */
export const CAMPAIGN_MAX_PLACES = 50;
export const CAMPAIGN_PLACE_NAME_MAX = 80;

/** How names are compared: lower case, accents and repeated spaces dropped. */
export function placeKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** What a city list may hold besides its name and country: nothing. */
const CITY_FIELDS = new Set(['name', 'country']);

export function regionProblems(errors: FieldErrors, path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    errors[path] = 'Regions must be a list of names such as Bavaria';
    return;
  }
  if (value.length > CAMPAIGN_MAX_PLACES) {
    errors[path] = `Use at most ${CAMPAIGN_MAX_PLACES} regions in a rule`;
    return;
  }
  value.some((region, j) => {
    const problem = nameProblem('Region', j, region, 'Bavaria');
    if (problem) errors[path] = problem;
    return problem !== null;
  });
}

export function cityProblems(errors: FieldErrors, path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    errors[path] = 'Cities must be a list such as [{ "name": "Munich", "country": "DE" }]';
    return;
  }
  if (value.length > CAMPAIGN_MAX_PLACES) {
    errors[path] = `Use at most ${CAMPAIGN_MAX_PLACES} cities in a rule`;
    return;
  }
  value.some((city, j) => {
    let problem: string | null;
    if (typeof city !== 'object' || city === null || Array.isArray(city)) {
      problem = `City ${j + 1} must be given as { "name": "Munich", "country": "DE" } (the country may be left out)`;
    } else {
      const { name, country } = city as Record<string, unknown>;
      const unknown = Object.keys(city).find((key) => !CITY_FIELDS.has(key));
      problem = nameProblem('City', j, name, 'Munich');
      if (!problem && country !== undefined && !isCountryCode(country)) problem = `City ${j + 1}: the country must be a two-letter ISO code such as DE`;
      if (!problem && unknown !== undefined) problem = `City ${j + 1} has a field "${unknown.slice(0, 40)}": a city has only a name and a country`;
    }
    if (problem) errors[path] = problem;
    return problem !== null;
  });
}

function nameProblem(kind: 'Region' | 'City', j: number, name: unknown, example: string): string | null {
  if (typeof name !== 'string' || !name.trim()) return `${kind} ${j + 1} has no name: give one such as ${example}`;
  if (name.length > CAMPAIGN_PLACE_NAME_MAX) return `${kind} names are at most ${CAMPAIGN_PLACE_NAME_MAX} characters (${kind.toLowerCase()} ${j + 1} is longer)`;
  return null;
}

/** Every region of `later` (absent: any) is one of `earlier` (absent: any). */
export function regionsCover(earlier: string[] | undefined, later: string[] | undefined): boolean {
  if (!earlier?.length) return true;
  if (!later?.length) return false;
  const keys = new Set(earlier.map(placeKey));
  return later.every((region) => keys.has(placeKey(region)));
}

/** Every city of `later` is also one of `earlier` (a city without a country covers it in every country). */
export function citiesCover(earlier: CampaignCity[] | undefined, later: CampaignCity[] | undefined): boolean {
  if (!earlier?.length) return true;
  if (!later?.length) return false;
  return later.every((city) =>
    earlier.some((wide) => placeKey(wide.name) === placeKey(city.name) && (wide.country === undefined || wide.country === city.country)),
  );
}
