import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useScanPatterns, type CodeRange } from '../api/analytics';
import { CountryMap } from './country-map';
import { QueryState } from '../../../components/query-state';
import { analyticsRead } from '../lib/read-state';
import { ScanHeatmap } from './scan-heatmap';

/** The map of scans by country (and a chosen country's cities) and the hour-of-week heatmap, for one code or (codeId null) the account. */
export function ScanPatternsCards({ codeId, range }: { codeId: string | null; range: CodeRange }) {
  const intl = useIntl();
  const query = useScanPatterns(codeId, range);
  const data = query.data;
  const state = <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} {...analyticsRead(intl)} />;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="analytics.patterns.mapTitle" defaultMessage="Scans by country and city" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="analytics.patterns.mapDescription" defaultMessage="Human scans in this period; darker is more. Choose a country to see its cities." />
          </CardDescription>
        </CardHeader>
        <CardContent>{data ? <CountryMap countries={data.countries} cities={data.cities} /> : state}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="analytics.patterns.heatmapTitle" defaultMessage="When people scan" />
          </CardTitle>
          <CardDescription>
            {data ? (
              <FormattedMessage
                id="analytics.patterns.heatmapDescriptionZone"
                defaultMessage="Scans by day of the week and hour, in your time zone ({tz})."
                values={{ tz: data.tz }}
              />
            ) : (
              <FormattedMessage id="analytics.patterns.heatmapDescription" defaultMessage="Scans by day of the week and hour, in your time zone." />
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>{data ? <ScanHeatmap heatmap={data.heatmap} tz={data.tz} /> : state}</CardContent>
      </Card>
    </>
  );
}
