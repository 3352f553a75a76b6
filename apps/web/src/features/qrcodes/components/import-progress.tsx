// A confirmed bulk import as it runs: progress, failed rows, cancelling, and the result file once finished.
import type { BulkImportView } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { bulkImportResultHref, useCancelBulkImport } from '../api/bulk-import';

export function ImportProgress({ view }: { view: BulkImportView }) {
  const intl = useIntl();
  const { total, created, failed } = view.progress;
  const cancel = useCancelBulkImport(view.id);
  const [asking, setAsking] = useState(false);
  const done = created + failed;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const cancelled = view.state === 'cancelled';
  const finished = view.state === 'done' || cancelled;
  const failures = view.rows.filter((row) => row.failure !== null);
  const title = cancelled
    ? intl.formatMessage({ id: 'codesCreate.importProgress.cancelled', defaultMessage: 'Import cancelled' })
    : finished
      ? intl.formatMessage({ id: 'codesCreate.importProgress.finished', defaultMessage: 'Import finished' })
      : intl.formatMessage({ id: 'codesCreate.importProgress.running', defaultMessage: 'Creating your QR codes...' });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>
          {failed > 0 ? (
            <FormattedMessage
              id="codesCreate.importProgress.createdFailed"
              defaultMessage="{created, number} of {total, number} created, {failed, number} could not be created."
              values={{ created, total, failed }}
            />
          ) : (
            <FormattedMessage id="codesCreate.importProgress.created" defaultMessage="{created, number} of {total, number} created." values={{ created, total }} />
          )}
          {!finished && (
            <>
              {' '}
              <FormattedMessage id="codesCreate.importProgress.leave" defaultMessage="You can leave this page: creation goes on." />
            </>
          )}
          {cancelled && (
            <>
              {' '}
              <FormattedMessage
                id="codesCreate.importProgress.left"
                defaultMessage="The {count, number} rows left were not created; the codes created stay."
                values={{ count: Math.max(0, total - done) }}
              />
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'codesCreate.importProgress.label', defaultMessage: 'Import progress' })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={intl.formatMessage({ id: 'codesCreate.importProgress.value', defaultMessage: '{done, number} of {total, number} rows' }, { done, total })}
          className="h-3 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
        {failures.length > 0 && (
          <ul className="grid gap-1 text-sm text-red-700 dark:text-red-300">
            {failures.map((row) => (
              <li key={row.row}>
                <FormattedMessage
                  id="codesCreate.importProgress.failure"
                  defaultMessage="Row {row} ({name}): {failure}"
                  values={{ row: row.row, name: row.cells.name, failure: row.failure }}
                />
              </li>
            ))}
          </ul>
        )}
        {!finished && (
          <div className="flex flex-wrap items-center gap-2">
            {asking ? (
              <>
                <span>
                  <FormattedMessage id="codesCreate.importProgress.askStop" defaultMessage="Stop creating the rows left? The codes created so far stay." />
                </span>
                <Button variant="destructive" onClick={() => cancel.mutate(undefined, { onSettled: () => setAsking(false) })} disabled={cancel.isPending}>
                  {cancel.isPending && <Spinner />}
                  <FormattedMessage id="codesCreate.importProgress.stop" defaultMessage="Stop the import" />
                </Button>
                <Button variant="ghost" onClick={() => setAsking(false)} disabled={cancel.isPending}>
                  <FormattedMessage id="codesCreate.importProgress.keepGoing" defaultMessage="Keep going" />
                </Button>
              </>
            ) : (
              <Button variant="outline" onClick={() => setAsking(true)}>
                <FormattedMessage id="codesCreate.importProgress.cancel" defaultMessage="Cancel import" />
              </Button>
            )}
          </div>
        )}
        {cancel.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {getErrorMessage(cancel.error, intl.formatMessage({ id: 'codesCreate.importProgress.cancelFailed', defaultMessage: 'The import could not be cancelled. Please try again.' }))}
          </p>
        )}
        {finished && (
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={bulkImportResultHref(view.id)} download>
                <Download aria-hidden="true" /> <FormattedMessage id="codesCreate.importProgress.download" defaultMessage="Download the result (CSV)" />
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.dashboard}>
                <FormattedMessage id="codesCreate.importProgress.toCodes" defaultMessage="Go to my QR codes" />
              </Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
