// The rows of a bulk import's preview: one read-only row with its errors, or one row being edited.
import type { BulkImportCells, BulkImportRowView } from '@qrd/contracts';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useUpdateBulkImportRow } from '../api/bulk-import';

/** The columns of an import file, with the error field each one's problems are reported under. */
export const IMPORT_FIELDS: { key: keyof BulkImportCells; label: string; error: string }[] = [
  { key: 'name', label: 'Name', error: 'name' },
  { key: 'destination', label: 'Destination', error: 'destinationUrl' },
  { key: 'category', label: 'Category', error: 'category' },
  { key: 'tags', label: 'Tags', error: 'tags' },
  { key: 'slug', label: 'Custom short link', error: 'slug' },
  { key: 'template', label: 'Design template', error: 'template' },
  { key: 'domain', label: 'Domain', error: 'domain' },
];

export function ImportPreviewRow({ row, onEdit }: { row: BulkImportRowView; onEdit: () => void }) {
  const invalid = Object.keys(row.errors).length > 0;
  return (
    <tr data-testid={`import-row-${row.row}`} className={cn('border-t align-top', invalid && 'bg-destructive/5')}>
      <th scope="row" className="p-2 font-medium">
        {row.row}
      </th>
      {IMPORT_FIELDS.map((field) => (
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

export function ImportEditRow({ importId, row, onDone }: { importId: string; row: BulkImportRowView; onDone: () => void }) {
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
      {IMPORT_FIELDS.map((field) => (
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
