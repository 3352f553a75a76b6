import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BULK_IMPORT_MAX_BYTES, BULK_IMPORT_MAX_ROWS, BULK_IMPORT_MAX_TAGS, BULK_IMPORT_TAG_MAX_LENGTH } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { getErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useBulkImport } from '../api/bulk-import';
import { ImportPreview } from '../components/import-preview';
import { ImportProgress } from '../components/import-progress';
import { ImportUploadCard } from '../components/import-upload-card';

const MAX_MB = BULK_IMPORT_MAX_BYTES / (1024 * 1024);
/** The file's column names: what the header row must say, in every language. */
const COLUMNS = 'name, destination, category, tags, slug, template, domain';

/** /dashboard/import: a CSV file becomes a checked preview, then (after one confirmation) codes. */
export function BulkImportRoute() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'codesCreate.import.title', defaultMessage: 'Import QR codes from CSV' });
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const current = useBulkImport(id);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to={paths.dashboard}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" /> <FormattedMessage id="codesCreate.import.back" defaultMessage="Back to dashboard" />
        </Link>
      </Button>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">
          <FormattedMessage
            id="codesCreate.import.intro"
            defaultMessage="Columns: {columns} (category, tags, a custom short link, the name of one of your design templates and one of your verified custom domains are optional), with a header row, UTF-8. At most {rows, number} rows and {mb, number} MB per file. Tags are separated by {separators} (up to {tags, number}, {length, number} characters each). Nothing is bought until you confirm."
            values={{
              columns: COLUMNS,
              rows: BULK_IMPORT_MAX_ROWS,
              mb: MAX_MB,
              separators: intl.formatList([';', '|'], { type: 'disjunction' }),
              tags: BULK_IMPORT_MAX_TAGS,
              length: BULK_IMPORT_TAG_MAX_LENGTH,
            }}
          />
        </p>
      </div>
      {!id && <ImportUploadCard onStarted={(view) => setParams({ id: view.id })} />}
      {id && current.isLoading && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> <FormattedMessage id="codesCreate.import.loading" defaultMessage="Loading the import..." />
        </p>
      )}
      {id && current.isError && (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/50 p-4">
          <p>{getErrorMessage(current.error, intl.formatMessage({ id: 'codesCreate.import.loadFailed', defaultMessage: 'The import could not be loaded.' }))}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void current.refetch()}>
              <FormattedMessage id="codesCreate.common.tryAgain" defaultMessage="Try again" />
            </Button>
            <Button variant="ghost" onClick={() => setParams({})}>
              <FormattedMessage id="codesCreate.import.uploadAnother" defaultMessage="Upload another file" />
            </Button>
          </div>
        </div>
      )}
      {current.data && current.data.state === 'draft' && <ImportPreview view={current.data} onRestart={() => setParams({})} />}
      {current.data && current.data.state !== 'draft' && <ImportProgress view={current.data} />}
    </div>
  );
}
