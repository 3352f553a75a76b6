import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
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

/** /dashboard/import: a CSV file becomes a checked preview, then (after one confirmation) codes. */
export function BulkImportRoute() {
  usePageTitle('Import QR codes from CSV');
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const current = useBulkImport(id);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to={paths.dashboard}>
          <ArrowLeft aria-hidden="true" /> Back to dashboard
        </Link>
      </Button>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Import QR codes from CSV</h1>
        <p className="text-muted-foreground">
          Columns: name, destination, category, tags, slug, template, domain (category, tags, a custom short link, the name of one of
          your design templates and one of your verified custom domains are optional), with a header row, UTF-8. At most {BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and{' '}
          {MAX_MB} MB per file. Tags are separated by ; or | (up to {BULK_IMPORT_MAX_TAGS}, {BULK_IMPORT_TAG_MAX_LENGTH} characters
          each). Nothing is bought until you confirm.
        </p>
      </div>
      {!id && <ImportUploadCard onStarted={(view) => setParams({ id: view.id })} />}
      {id && current.isLoading && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading the import...
        </p>
      )}
      {id && current.isError && (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/50 p-4">
          <p>{getErrorMessage(current.error, 'The import could not be loaded.')}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void current.refetch()}>
              Try again
            </Button>
            <Button variant="ghost" onClick={() => setParams({})}>
              Upload another file
            </Button>
          </div>
        </div>
      )}
      {current.data && current.data.state === 'draft' && <ImportPreview view={current.data} onRestart={() => setParams({})} />}
      {current.data && current.data.state !== 'draft' && <ImportProgress view={current.data} />}
    </div>
  );
}
