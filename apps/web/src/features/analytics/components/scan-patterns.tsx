import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useScanPatterns, type CodeRange } from '../api/analytics';
import { CountryMap } from './country-map';
import { QueryState } from '../../../components/query-state';
import { ANALYTICS_READ } from '../lib/read-state';
import { ScanHeatmap } from './scan-heatmap';

/** The map of scans by country (and a chosen country's cities) and the hour-of-week heatmap, for one code or (codeId null) the account. */
export function ScanPatternsCards({ codeId, range }: { codeId: string | null; range: CodeRange }) {
  const query = useScanPatterns(codeId, range);
  const data = query.data;
  const state = <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} {...ANALYTICS_READ} />;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Scans by country and city</CardTitle>
          <CardDescription>Human scans in this period; darker is more. Choose a country to see its cities.</CardDescription>
        </CardHeader>
        <CardContent>{data ? <CountryMap countries={data.countries} cities={data.cities} /> : state}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>When people scan</CardTitle>
          <CardDescription>Scans by day of the week and hour, in your time zone{data ? ` (${data.tz})` : ''}.</CardDescription>
        </CardHeader>
        <CardContent>{data ? <ScanHeatmap heatmap={data.heatmap} tz={data.tz} /> : state}</CardContent>
      </Card>
    </>
  );
}
