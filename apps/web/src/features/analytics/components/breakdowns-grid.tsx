import type { ScanBreakdowns } from '@qrd/contracts';
import { countryName, deviceName, referrerName } from '../lib/figures';
import { BreakdownList } from './breakdown-list';

/** Where, on what and from where people scanned (bots left out). */
export function BreakdownsGrid({ breakdowns }: { breakdowns: ScanBreakdowns }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      <BreakdownList title="Countries" items={breakdowns.countries} name={(item) => countryName(item.key)} />
      <BreakdownList
        title="Cities"
        items={breakdowns.cities}
        name={(item) => (item.country ? `${item.key}, ${countryName(item.country)}` : item.key)}
      />
      <BreakdownList title="Devices" items={breakdowns.devices} name={(item) => deviceName(item.key)} />
      <BreakdownList title="Operating systems" items={breakdowns.os} name={(item) => item.key || 'Unknown'} />
      <BreakdownList title="Browsers" items={breakdowns.browsers} name={(item) => item.key || 'Unknown'} />
      <BreakdownList title="Referrers" items={breakdowns.referrers} name={(item) => referrerName(item.key)} />
      {breakdowns.sources && breakdowns.sources.length > 0 && (
        <BreakdownList title="Scans and link clicks" items={breakdowns.sources} name={(item) => (item.key === 'click' ? 'Link clicks (/l/)' : 'Scans of the printed code')} />
      )}
    </div>
  );
}
