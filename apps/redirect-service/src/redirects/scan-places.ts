import { placeKey, type CampaignEntry } from '@qrd/contracts';
import { type GeoIpLookup, sharedGeoIp } from '@qrd/geoip';

/** Where the GeoIP database puts a scanner: region and city as placeKey gives them (rules hold the same). */
export interface ScanPlace {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  region: string | null;
  city: string | null;
}

export const NOWHERE: ScanPlace = { country: null, region: null, city: null };

/** After a failed opening, scans go on without places for this long before the next attempt. */
const RETRY_MS = 60_000;
/** Scans come from a few thousand places at most: each name's key is worked out once. */
const KEY_MEMO_SIZE = 5000;

/**
 * The redirect-service's GeoIP lookups for region, city (and, without a trusted country header,
 * country) rules. The database (tens of megabytes) is opened when the first scan of a code with
 * such a rule needs it, then kept; codes without those rules never touch it.
 */
export class ScanPlaces {
  private lookup: GeoIpLookup | null = null;
  private opening: Promise<void> | null = null;
  private failedAt = -Infinity;
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly cityDb: string | null,
    private readonly countryHeader: string | null,
    private readonly onError: (error: unknown) => void,
    private readonly open: (cityDb: string | null) => Promise<GeoIpLookup> = sharedGeoIp,
  ) {}

  /** A scan of a code whose rules ask `geo` waits for the database first (only until it is open). */
  mustWait(geo: CampaignEntry['geo']): boolean {
    if (this.lookup !== null || geo === undefined) return false;
    if (geo === 'country' && this.countryHeader !== null) return false;
    return Date.now() - this.failedAt >= RETRY_MS;
  }

  /** Opens the database once for all the scans waiting; never rejects (a database that will not open leaves places unknown). */
  ready(): Promise<void> {
    this.opening ??= this.open(this.cityDb).then(
      (lookup) => {
        this.lookup = lookup;
      },
      (error: unknown) => {
        this.failedAt = Date.now();
        this.opening = null;
        this.onError(error);
      },
    );
    return this.opening;
  }

  /** The place of an address; unknown while the database is not open. */
  of(ip: string): ScanPlace {
    if (this.lookup === null || ip === '') return NOWHERE;
    const place = this.lookup.lookup(ip);
    return { country: place.country, region: this.keyOf(place.region), city: this.keyOf(place.city) };
  }

  private keyOf(name: string | null): string | null {
    if (name === null) return null;
    let key = this.keys.get(name);
    if (key === undefined) {
      key = placeKey(name);
      if (this.keys.size >= KEY_MEMO_SIZE) this.keys.clear();
      this.keys.set(name, key);
    }
    return key;
  }
}
