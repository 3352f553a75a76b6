// A confirmed bulk import as it runs: progress, failed rows, cancelling, and the result file once finished.
import type { BulkImportView } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { bulkImportResultHref, useCancelBulkImport } from '../api/bulk-import';

export function ImportProgress({ view }: { view: BulkImportView }) {
  const { total, created, failed } = view.progress;
  const cancel = useCancelBulkImport(view.id);
  const [asking, setAsking] = useState(false);
  const done = created + failed;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const cancelled = view.state === 'cancelled';
  const finished = view.state === 'done' || cancelled;
  const failures = view.rows.filter((row) => row.failure !== null);
  const count = (n: number) => n.toLocaleString('en-US');
  const title = cancelled ? 'Import cancelled' : finished ? 'Import finished' : 'Creating your QR codes...';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>
          {count(created)} of {count(total)} created{failed > 0 ? `, ${count(failed)} could not be created` : ''}.
          {!finished && ' You can leave this page: creation goes on.'}
          {cancelled && ` The ${count(Math.max(0, total - done))} rows left were not created; the codes created stay.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${count(done)} of ${count(total)} rows`}
          className="h-3 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
        {failures.length > 0 && (
          <ul className="grid gap-1 text-sm text-red-700 dark:text-red-300">
            {failures.map((row) => (
              <li key={row.row}>
                Row {row.row} ({row.cells.name}): {row.failure}
              </li>
            ))}
          </ul>
        )}
        {!finished && (
          <div className="flex flex-wrap items-center gap-2">
            {asking ? (
              <>
                <span>Stop creating the rows left? The codes created so far stay.</span>
                <Button variant="destructive" onClick={() => cancel.mutate(undefined, { onSettled: () => setAsking(false) })} disabled={cancel.isPending}>
                  {cancel.isPending && <Spinner />}
                  Stop the import
                </Button>
                <Button variant="ghost" onClick={() => setAsking(false)} disabled={cancel.isPending}>
                  Keep going
                </Button>
              </>
            ) : (
              <Button variant="outline" onClick={() => setAsking(true)}>
                Cancel import
              </Button>
            )}
          </div>
        )}
        {cancel.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {getErrorMessage(cancel.error, 'The import could not be cancelled. Please try again.')}
          </p>
        )}
        {finished && (
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={bulkImportResultHref(view.id)} download>
                <Download aria-hidden="true" /> Download the result (CSV)
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.dashboard}>Go to my QR codes</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
