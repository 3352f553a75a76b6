import type { CountItem } from '@qrd/contracts';
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { countryName } from '../lib/figures';

const messages = defineMessages<string>({
  country: { id: 'analytics.placeTables.country', defaultMessage: 'Country' },
  region: { id: 'analytics.placeTables.region', defaultMessage: 'Region' },
  city: { id: 'analytics.placeTables.city', defaultMessage: 'City' },
  scans: { id: 'analytics.placeTables.scans', defaultMessage: 'Scans' },
  share: { id: 'analytics.placeTables.share', defaultMessage: 'Share' },
  countryLabel: { id: 'analytics.placeTables.countryLabel', defaultMessage: 'Scans by country (table)' },
  countryCaption: { id: 'analytics.placeTables.countryCaption', defaultMessage: 'Scans by country; choose a country to see its cities' },
  cityLabel: { id: 'analytics.placeTables.cityLabel', defaultMessage: 'Scans by city in {country} (table)' },
  cityCaption: { id: 'analytics.placeTables.cityCaption', defaultMessage: "Scans by city in {country}, with each city's share of the country's scans" },
  cityUnknown: { id: 'analytics.placeTables.cityUnknown', defaultMessage: 'City not known' },
});

/** Marks a cell without a value (not words). */
const NONE = '—';

const share = (intl: IntlShape, scans: number, total: number) => intl.formatNumber(total > 0 ? scans / total : 0, { style: 'percent' });
const cell = 'px-3 py-1.5';

function TableFrame({ label, caption, head, children }: { label: string; caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="max-h-96 overflow-auto rounded-lg border" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-card">
          <tr className="text-start text-muted-foreground">
            {head.map((title, n) => (
              <th key={title} scope="col" className={`px-3 py-2 font-medium ${n >= head.length - 2 ? 'text-end' : 'text-start'}`}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Every country with its scans and share; a named country's row opens its cities. */
export function CountryTable({ countries, total, onChoose }: { countries: CountItem[]; total: number; onChoose: (country: string) => void }) {
  const intl = useIntl();
  return (
    <TableFrame
      label={intl.formatMessage(messages.countryLabel)}
      caption={intl.formatMessage(messages.countryCaption)}
      head={[intl.formatMessage(messages.country), intl.formatMessage(messages.scans), intl.formatMessage(messages.share)]}
    >
      {countries.map((c) => (
        <tr key={c.key} className="border-t">
          <th scope="row" className={`${cell} text-start font-normal`}>
            {c.key ? (
              <button
                type="button"
                data-country={c.key}
                className="rounded-sm text-start underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                onClick={() => onChoose(c.key)}
              >
                {countryName(intl, c.key)}
              </button>
            ) : (
              countryName(intl, c.key)
            )}
          </th>
          <td className={`${cell} text-end tabular-nums`}>{intl.formatNumber(c.scans)}</td>
          <td className={`${cell} text-end tabular-nums`}>{share(intl, c.scans, total)}</td>
        </tr>
      ))}
    </TableFrame>
  );
}

/**
 * One country's cities, most scans first, each with its region when known, and its share of the
 * country's scans; the scans of the country with no city named (unknown, or left out by the EU
 * privacy mode) in a last row, so the shares add up.
 */
export function CityTable({ country, countryScans, cities }: { country: string; countryScans: number; cities: CountItem[] }) {
  const intl = useIntl();
  const named = cities.reduce((sum, c) => sum + c.scans, 0);
  const rest = countryScans - named;
  const name = countryName(intl, country);
  return (
    <TableFrame
      label={intl.formatMessage(messages.cityLabel, { country: name })}
      caption={intl.formatMessage(messages.cityCaption, { country: name })}
      head={[messages.country, messages.region, messages.city, messages.scans, messages.share].map((m) => intl.formatMessage(m))}
    >
      {cities.map((c) => (
        <tr key={c.key} className="border-t">
          <td className={cell}>{name}</td>
          <td className={`${cell} text-muted-foreground`}>{c.region ?? NONE}</td>
          <th scope="row" className={`${cell} text-start font-normal`}>{c.key}</th>
          <td className={`${cell} text-end tabular-nums`}>{intl.formatNumber(c.scans)}</td>
          <td className={`${cell} text-end tabular-nums`}>{share(intl, c.scans, countryScans)}</td>
        </tr>
      ))}
      {rest > 0 && (
        <tr className="border-t text-muted-foreground">
          <td className={cell}>{name}</td>
          <td className={cell}>{NONE}</td>
          <th scope="row" className={`${cell} text-start font-normal`}>{intl.formatMessage(messages.cityUnknown)}</th>
          <td className={`${cell} text-end tabular-nums`}>{intl.formatNumber(rest)}</td>
          <td className={`${cell} text-end tabular-nums`}>{share(intl, rest, countryScans)}</td>
        </tr>
      )}
    </TableFrame>
  );
}
