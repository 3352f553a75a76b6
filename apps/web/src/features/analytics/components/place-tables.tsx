import type { CountItem } from '@qrd/contracts';
import type { ReactNode } from 'react';
import { countryName, formatCount } from '../lib/figures';

const share = (scans: number, total: number) => `${total > 0 ? Math.round((scans / total) * 100) : 0}%`;
const cell = 'px-3 py-1.5';

function TableFrame({ label, caption, head, children }: { label: string; caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="max-h-96 overflow-auto rounded-lg border" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-card">
          <tr className="text-left text-muted-foreground">
            {head.map((title, n) => (
              <th key={title} scope="col" className={`px-3 py-2 font-medium ${n >= head.length - 2 ? 'text-right' : ''}`}>
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
  return (
    <TableFrame label="Scans by country (table)" caption="Scans by country; choose a country to see its cities" head={['Country', 'Scans', 'Share']}>
      {countries.map((c) => (
        <tr key={c.key} className="border-t">
          <th scope="row" className={`${cell} text-left font-normal`}>
            {c.key ? (
              <button
                type="button"
                data-country={c.key}
                className="rounded-sm text-left underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                onClick={() => onChoose(c.key)}
              >
                {countryName(c.key)}
              </button>
            ) : (
              countryName(c.key)
            )}
          </th>
          <td className={`${cell} text-right tabular-nums`}>{formatCount(c.scans)}</td>
          <td className={`${cell} text-right tabular-nums`}>{share(c.scans, total)}</td>
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
  const named = cities.reduce((sum, c) => sum + c.scans, 0);
  const rest = countryScans - named;
  const name = countryName(country);
  return (
    <TableFrame label={`Scans by city in ${name} (table)`} caption={`Scans by city in ${name}, with each city's share of the country's scans`} head={['Country', 'Region', 'City', 'Scans', 'Share']}>
      {cities.map((c) => (
        <tr key={c.key} className="border-t">
          <td className={cell}>{name}</td>
          <td className={`${cell} text-muted-foreground`}>{c.region ?? '—'}</td>
          <th scope="row" className={`${cell} text-left font-normal`}>{c.key}</th>
          <td className={`${cell} text-right tabular-nums`}>{formatCount(c.scans)}</td>
          <td className={`${cell} text-right tabular-nums`}>{share(c.scans, countryScans)}</td>
        </tr>
      ))}
      {rest > 0 && (
        <tr className="border-t text-muted-foreground">
          <td className={cell}>{name}</td>
          <td className={cell}>—</td>
          <th scope="row" className={`${cell} text-left font-normal`}>City not known</th>
          <td className={`${cell} text-right tabular-nums`}>{formatCount(rest)}</td>
          <td className={`${cell} text-right tabular-nums`}>{share(rest, countryScans)}</td>
        </tr>
      )}
    </TableFrame>
  );
}
