import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft, Download, FileUp, Pencil } from 'lucide-react';
import {
  BULK_IMPORT_MAX_BYTES,
  BULK_IMPORT_MAX_ROWS,
  BULK_IMPORT_MAX_TAGS,
  BULK_IMPORT_MESSAGES,
  BULK_IMPORT_TAG_MAX_LENGTH,
  formatCents,
  type BulkImportCells,
  type BulkImportRowView,
  type BulkImportView,
} from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import {
  bulkImportResultHref,
  useBulkImport,
  useCancelBulkImport,
  useConfirmBulkImport,
  useStartBulkImport,
  useUpdateBulkImportRow,
} from '../api/bulk-import';
import { useDesignTemplates } from '../api/design-templates';
import { designChoiceName, ImportDesignChoice } from '../components/import-design-choice';

const FIELDS: { key: keyof BulkImportCells; label: string; error: string }[] = [
  { key: 'name', label: 'Name', error: 'name' },
  { key: 'destination', label: 'Destination', error: 'destinationUrl' },
  { key: 'category', label: 'Category', error: 'category' },
  { key: 'tags', label: 'Tags', error: 'tags' },
  { key: 'slug', label: 'Custom short link', error: 'slug' },
  { key: 'template', label: 'Design template', error: 'template' },
];

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
          Columns: name, destination, category, tags, slug, template (category, tags, a custom short link and the name of one of your
          design templates are optional), with a header row, UTF-8. At most {BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and{' '}
          {MAX_MB} MB per file. Tags are separated by ; or | (up to {BULK_IMPORT_MAX_TAGS}, {BULK_IMPORT_TAG_MAX_LENGTH} characters
          each). Nothing is bought until you confirm.
        </p>
      </div>
      {!id && <UploadCard onStarted={(view) => setParams({ id: view.id })} />}
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
      {current.data && current.data.state === 'draft' && <Preview view={current.data} onRestart={() => setParams({})} />}
      {current.data && current.data.state !== 'draft' && <Progress view={current.data} />}
    </div>
  );
}

function UploadCard({ onStarted }: { onStarted: (view: BulkImportView) => void }) {
  const start = useStartBulkImport();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function send(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (file.size > BULK_IMPORT_MAX_BYTES) {
      setProblem(BULK_IMPORT_MESSAGES.tooLarge);
      return;
    }
    start.mutate(file, {
      onSuccess: onStarted,
      onError: (error) => setProblem(getFieldErrors(error).file ?? getErrorMessage(error, 'The file could not be uploaded. Please try again.')),
    });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Choose a CSV file</CardTitle>
        <CardDescription>Every row is checked like the create form; you can fix rows before anything is created.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          data-testid="csv-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid place-items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center',
            dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/30',
          )}
        >
          <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">Drag a .csv file here, or</p>
          <input
            ref={input}
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={(event) => {
              send(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button type="button" onClick={() => input.current?.click()} disabled={start.isPending}>
            {start.isPending && <Spinner />}
            {start.isPending ? 'Uploading and checking the file...' : 'Choose a file'}
          </Button>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Preview({ view, onRestart }: { view: BulkImportView; onRestart: () => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [templateId, setTemplateId] = useState('');
  const templates = useDesignTemplates();
  const confirm = useConfirmBulkImport(view.id);
  const namedRows = view.namedTemplateRows;
  const pricing = view.pricing;
  const ready = view.rowCount - view.invalidRows;
  const count = (n: number) => n.toLocaleString('en-US');
  const period = pricing?.interval === 'annual' ? 'year' : 'month';

  return (
    <section aria-labelledby="preview-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="preview-title" className="text-xl font-semibold">
          Preview: {count(ready)} of {count(view.rowCount)} rows ready
        </h2>
        <Button variant="outline" onClick={onRestart}>
          Upload another file
        </Button>
      </div>
      {view.invalidRows > 0 && (
        <p role="status" className="text-sm text-red-700 dark:text-red-300">
          {count(view.invalidRows)} {view.invalidRows === 1 ? 'row has' : 'rows have'} errors: fix them with Edit, or they are skipped.
        </p>
      )}
      {view.rows.length < view.rowCount && (
        <p className="text-sm text-muted-foreground">
          Showing {count(view.rows.length)} of {count(view.rowCount)} rows{view.invalidRows > 0 ? ', those with errors first' : ''}.
        </p>
      )}
      <ScrollRegion label="Rows of the file">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="p-2">
                Row
              </th>
              {FIELDS.map((field) => (
                <th key={field.key} scope="col" className="p-2">
                  {field.label}
                </th>
              ))}
              <th scope="col" className="p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) =>
              editing === row.row ? (
                <EditRow key={row.row} importId={view.id} row={row} onDone={() => setEditing(null)} />
              ) : (
                <PreviewRow key={row.row} row={row} onEdit={() => setEditing(row.row)} />
              ),
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {pricing && (
        <Card>
          <CardContent className="grid gap-3 pt-6">
            {!pricing.entitled ? (
              <p>
                Creating QR codes needs an active subscription. <Link to={paths.subscribe}>Subscribe</Link>, then come back.
              </p>
            ) : (
              <p data-testid="import-price">
                {pricing.codesToCreate} new QR codes: {Math.min(pricing.freeSeats, pricing.codesToCreate)} use free seats you already pay for
                {pricing.seatsToBuy > 0 && pricing.unitAmountCents !== null ? (
                  <>
                    , {pricing.seatsToBuy} more are added to your subscription: {pricing.seatsToBuy} × {formatCents(pricing.unitAmountCents)} ={' '}
                    <strong>
                      {formatCents(pricing.totalCents)} per {period}
                    </strong>{' '}
                    more. Today you pay only the part of the {period} that is left.
                  </>
                ) : (
                  ': nothing more to pay.'
                )}
              </p>
            )}
            {pricing.entitled && ready > 0 && <ImportDesignChoice value={templateId} onChange={setTemplateId} namedRows={namedRows} />}
            <Button className="justify-self-start" disabled={!pricing.entitled || ready === 0} onClick={() => setConfirming(true)}>
              Create {count(ready)} QR codes
            </Button>
          </CardContent>
        </Card>
      )}
      {pricing && (
        <Dialog open={confirming} onOpenChange={(open) => !open && !confirm.isPending && setConfirming(false)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Create {pricing.codesToCreate} QR codes?</DialogTitle>
              <DialogDescription>
                {pricing.seatsToBuy > 0 && pricing.unitAmountCents !== null
                  ? `${pricing.seatsToBuy} QR codes are added to your subscription for ${formatCents(pricing.totalCents)} more per ${period} (${pricing.seatsToBuy} × ${formatCents(pricing.unitAmountCents)}); today you pay only the part of the ${period} that is left.`
                  : 'Your free seats cover every code: nothing more is charged.'}
                {` They start with ${designChoiceName(templates.data, templateId)}${namedRows > 0 ? ', except the rows that name their own template' : ''}.`}
                {view.invalidRows > 0 && ` ${view.invalidRows} rows with errors are skipped.`}
              </DialogDescription>
            </DialogHeader>
            {confirm.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {getErrorMessage(confirm.error, 'The import could not be started. Please try again.')}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={confirm.isPending}>
                Cancel
              </Button>
              <Button onClick={() => confirm.mutate({ totalCents: pricing.totalCents, designTemplateId: templateId || null })} disabled={confirm.isPending}>
                {confirm.isPending && <Spinner />}
                Confirm and create
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </section>
  );
}

function PreviewRow({ row, onEdit }: { row: BulkImportRowView; onEdit: () => void }) {
  const invalid = Object.keys(row.errors).length > 0;
  return (
    <tr data-testid={`import-row-${row.row}`} className={cn('border-t align-top', invalid && 'bg-destructive/5')}>
      <th scope="row" className="p-2 font-medium">
        {row.row}
      </th>
      {FIELDS.map((field) => (
        <td key={field.key} className="max-w-[16rem] break-words p-2">
          {row.cells[field.key] || <span className="text-muted-foreground">—</span>}
          {row.errors[field.error] && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{row.errors[field.error]}</p>}
        </td>
      ))}
      <td className="p-2">
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit row ${row.row}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
      </td>
    </tr>
  );
}

function EditRow({ importId, row, onDone }: { importId: string; row: BulkImportRowView; onDone: () => void }) {
  const [cells, setCells] = useState<BulkImportCells>(row.cells);
  const update = useUpdateBulkImportRow(importId);

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate({ row: row.row, cells }, { onSuccess: onDone });
  }

  const formId = `import-row-form-${row.row}`;
  return (
    <tr data-testid={`import-row-${row.row}`} className="border-t align-top">
      <th scope="row" className="p-2 font-medium">
        {row.row}
        <form id={formId} onSubmit={save} />
      </th>
      {FIELDS.map((field) => (
        <td key={field.key} className="p-2">
          <Input
            form={formId}
            aria-label={`${field.label}, row ${row.row}`}
            value={cells[field.key]}
            onChange={(event) => setCells({ ...cells, [field.key]: event.target.value })}
            aria-invalid={Boolean(row.errors[field.error])}
          />
          {row.errors[field.error] && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{row.errors[field.error]}</p>}
        </td>
      ))}
      <td className="grid gap-1 p-2">
        <Button size="sm" type="submit" form={formId} disabled={update.isPending}>
          {update.isPending && <Spinner />}
          Check again
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        {update.isError && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {getErrorMessage(update.error, 'The row could not be saved.')}
          </p>
        )}
      </td>
    </tr>
  );
}

function Progress({ view }: { view: BulkImportView }) {
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
