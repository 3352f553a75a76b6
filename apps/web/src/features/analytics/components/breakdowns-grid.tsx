import type { ScanBreakdowns } from '@qrd/contracts';
import { defineMessages, useIntl } from 'react-intl';
import { countryName, deviceName, orUnknown, referrerName } from '../lib/figures';
import { BreakdownList } from './breakdown-list';

const messages = defineMessages<string>({
  countries: { id: 'analytics.breakdowns.countries', defaultMessage: 'Countries' },
  cities: { id: 'analytics.breakdowns.cities', defaultMessage: 'Cities' },
  city: { id: 'analytics.breakdowns.cityInCountry', defaultMessage: '{city}, {country}' },
  devices: { id: 'analytics.breakdowns.devices', defaultMessage: 'Devices' },
  os: { id: 'analytics.breakdowns.os', defaultMessage: 'Operating systems' },
  browsers: { id: 'analytics.breakdowns.browsers', defaultMessage: 'Browsers' },
  referrers: { id: 'analytics.breakdowns.referrers', defaultMessage: 'Referrers' },
  sources: { id: 'analytics.breakdowns.sources', defaultMessage: 'Scans and link clicks' },
  clicks: { id: 'analytics.breakdowns.clicks', defaultMessage: 'Link clicks (/l/)' },
  printed: { id: 'analytics.breakdowns.printed', defaultMessage: 'Scans of the printed code' },
});

/** Where, on what and from where people scanned (bots left out). */
export function BreakdownsGrid({ breakdowns }: { breakdowns: ScanBreakdowns }) {
  const intl = useIntl();
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      <BreakdownList title={intl.formatMessage(messages.countries)} items={breakdowns.countries} name={(item) => countryName(intl, item.key)} />
      <BreakdownList
        title={intl.formatMessage(messages.cities)}
        items={breakdowns.cities}
        name={(item) => (item.country ? intl.formatMessage(messages.city, { city: item.key, country: countryName(intl, item.country) }) : item.key)}
      />
      <BreakdownList title={intl.formatMessage(messages.devices)} items={breakdowns.devices} name={(item) => deviceName(intl, item.key)} />
      <BreakdownList title={intl.formatMessage(messages.os)} items={breakdowns.os} name={(item) => orUnknown(intl, item.key)} />
      <BreakdownList title={intl.formatMessage(messages.browsers)} items={breakdowns.browsers} name={(item) => orUnknown(intl, item.key)} />
      <BreakdownList title={intl.formatMessage(messages.referrers)} items={breakdowns.referrers} name={(item) => referrerName(intl, item.key)} />
      {breakdowns.sources && breakdowns.sources.length > 0 && (
        <BreakdownList
          title={intl.formatMessage(messages.sources)}
          items={breakdowns.sources}
          name={(item) => intl.formatMessage(item.key === 'click' ? messages.clicks : messages.printed)}
        />
      )}
    </div>
  );
}
