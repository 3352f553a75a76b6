// The first step of a bulk import: choose or drop a CSV file, which the server checks into a preview.
import { BULK_IMPORT_MAX_BYTES, type BulkImportView } from '@qrd/contracts';
import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useStartBulkImport } from '../api/bulk-import';

export function ImportUploadCard({ onStarted }: { onStarted: (view: BulkImportView) => void }) {
  const intl = useIntl();
  const start = useStartBulkImport();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function send(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (file.size > BULK_IMPORT_MAX_BYTES) {
      setProblem(
        intl.formatMessage(
          { id: 'codesCreate.importUpload.tooLarge', defaultMessage: 'The file is too large: upload a CSV file of at most {max, number} MB.' },
          { max: BULK_IMPORT_MAX_BYTES / (1024 * 1024) },
        ),
      );
      return;
    }
    start.mutate(file, {
      onSuccess: onStarted,
      onError: (error) => setProblem(getFieldErrors(error).file ?? getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.fileInput.uploadFailed', defaultMessage: 'The file could not be uploaded. Please try again.' }))),
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
        <CardTitle as="h2">
          <FormattedMessage id="codesCreate.importUpload.title" defaultMessage="Choose a CSV file" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="codesCreate.importUpload.description" defaultMessage="Every row is checked like the create form; you can fix rows before anything is created." />
        </CardDescription>
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
          <p className="text-muted-foreground">
            <FormattedMessage id="codesCreate.importUpload.drop" defaultMessage="Drag a .csv file here, or" />
          </p>
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
            {start.isPending ? (
              <FormattedMessage id="codesCreate.importUpload.uploading" defaultMessage="Uploading and checking the file..." />
            ) : (
              <FormattedMessage id="codesCreate.importUpload.choose" defaultMessage="Choose a file" />
            )}
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
