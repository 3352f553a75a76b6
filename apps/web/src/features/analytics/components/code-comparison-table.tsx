import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../lib/paths';
import { COMPARISON_PAGE_SIZE, useCodeComparison, type CodeRange, type ComparisonSort } from '../api/analytics';
import { rangeLabel } from '../lib/date-range';
import { ChangeBadge } from './change-badge';
import { QueryState } from '../../../components/query-state';
import { analyticsRead } from '../lib/read-state';

const messages = defineMessages({
  name: { id: 'analytics.comparison.qrCode', defaultMessage: 'QR code' },
  scans: { id: 'analytics.code.scans', defaultMessage: 'Scans' },
  uniqueScans: { id: 'analytics.code.uniqueScannersHead', defaultMessage: 'Unique scanners' },
  change: { id: 'analytics.comparison.change', defaultMessage: 'Change' },
});

const COLUMNS: { sort: ComparisonSort; label: MessageDescriptor; numeric: boolean }[] = [
  { sort: 'name', label: messages.name, numeric: false },
  { sort: 'scans', label: messages.scans, numeric: true },
  { sort: 'uniqueScans', label: messages.uniqueScans, numeric: true },
  { sort: 'change', label: messages.change, numeric: true },
];

/** Every code with scans in the range or the one before: figures side by side, sorted and paged by the server. */
export function CodeComparisonTable({ range }: { range: CodeRange }) {
  const intl = useIntl();
  const [sort, setSort] = useState<ComparisonSort>('scans');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [forRange, setForRange] = useState(range);
  if (forRange.from !== range.from || forRange.to !== range.to) {
    setForRange(range);
    setPage(1);
  }
  const query = useCodeComparison(range, sort, order, page);
  const data = query.data;

  const sortBy = (column: ComparisonSort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'name' ? 'asc' : 'desc');
    }
    setPage(1);
  };

  if (!data) return <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} {...analyticsRead(intl)} />;
  if (data.total === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="analytics.comparison.empty" defaultMessage="No code was scanned in this period or the one before." />
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / COMPARISON_PAGE_SIZE));
  const previous = rangeLabel(intl, { from: data.previousFrom, to: data.previousTo });

  return (
    <div className="grid grid-cols-1 gap-3">
      <ScrollRegion label={intl.formatMessage({ id: 'analytics.comparison.region', defaultMessage: 'Scans per QR code' })}>
        <table className="w-full min-w-[34rem] text-sm" aria-busy={query.isFetching}>
          <caption className="sr-only">
            <FormattedMessage
              id="analytics.comparison.caption"
              defaultMessage="Scans per QR code, {period} compared with {previous}"
              values={{ period: rangeLabel(intl, data), previous }}
            />
          </caption>
          <thead>
            <tr className="text-start text-muted-foreground">
              {COLUMNS.map((column) => (
                <th
                  key={column.sort}
                  scope="col"
                  className={column.numeric ? 'px-3 py-2 text-end font-medium' : 'px-3 py-2 text-start font-medium'}
                  aria-sort={sort === column.sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button type="button" className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={() => sortBy(column.sort)}>
                    {intl.formatMessage(column.label)}
                    {sort === column.sort && (order === 'asc' ? <ArrowUp aria-hidden="true" className="size-3" /> : <ArrowDown aria-hidden="true" className="size-3" />)}
                  </button>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-end font-medium">
                <FormattedMessage id="analytics.comparison.before" defaultMessage="Before" />
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.codeId} className="border-t">
                <th scope="row" className="max-w-[14rem] truncate px-3 py-2 text-start font-medium">
                  <Link to={`${paths.editQr(row.codeId)}?tab=analytics`} className="underline-offset-4 hover:underline">
                    {row.name}
                  </Link>
                </th>
                <td className="px-3 py-2 text-end tabular-nums">{intl.formatNumber(row.scans)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{intl.formatNumber(row.uniqueScans)}</td>
                <td className="px-3 py-2 text-end">
                  <ChangeBadge change={row.change} previous={previous} />
                </td>
                <td className="px-3 py-2 text-end tabular-nums text-muted-foreground">{intl.formatNumber(row.previousScans)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <nav aria-label={intl.formatMessage({ id: 'analytics.comparison.pages', defaultMessage: 'Pages of QR codes' })} className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">
          <FormattedMessage
            id="analytics.comparison.pageOf"
            defaultMessage="Page {page, number} of {pages, number} ({total, plural, one {# code} other {# codes}}; before = {previous})"
            values={{ page: data.page, pages, total: data.total, previous }}
          />
        </span>
        <span className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <FormattedMessage id="analytics.comparison.previousPage" defaultMessage="Previous page" />
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <FormattedMessage id="analytics.comparison.nextPage" defaultMessage="Next page" />
          </Button>
        </span>
      </nav>
    </div>
  );
}
