// The rows of a bulk import's preview: one read-only row with its errors, or one row being edited.
import type { BulkImportCells, BulkImportRowView } from '@qrd/contracts';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useUpdateBulkImportRow } from '../api/bulk-import';

const columns = defineMessages({
  name: { id: 'codesCreate.importRows.name', defaultMessage: 'Name' },
  destination: { id: 'codesCreate.importRows.destination', defaultMessage: 'Destination' },
  category: { id: 'codesCreate.importRows.category', defaultMessage: 'Category' },
  tags: { id: 'codesCreate.importRows.tags', defaultMessage: 'Tags' },
  slug: { id: 'codesCreate.importRows.slug', defaultMessage: 'Custom short link' },
  template: { id: 'codesCreate.importRows.template', defaultMessage: 'Design template' },
  domain: { id: 'codesCreate.importRows.domain', defaultMessage: 'Domain' },
});

/** The columns of an import file, with the error field each one's problems are reported under. */
export const IMPORT_FIELDS: { key: keyof BulkImportCells; label: MessageDescriptor; error: string }[] = [
  { key: 'name', label: columns.name, error: 'name' },
  { key: 'destination', label: columns.destination, error: 'destinationUrl' },
  { key: 'category', label: columns.category, error: 'category' },
  { key: 'tags', label: columns.tags, error: 'tags' },
  { key: 'slug', label: columns.slug, error: 'slug' },
  { key: 'template', label: columns.template, error: 'template' },
  { key: 'domain', label: columns.domain, error: 'domain' },
];

/** What an empty cell shows. */
const EMPTY_CELL = '—';

export function ImportPreviewRow({ row, onEdit }: { row: BulkImportRowView; onEdit: () => void }) {
  const intl = useIntl();
  const invalid = Object.keys(row.errors).length > 0;
  return (
    <tr data-testid={`import-row-${row.row}`} className={cn('border-t align-top', invalid && 'bg-destructive/5')}>
      <th scope="row" className="p-2 font-medium">
        {row.row}
      </th>
      {IMPORT_FIELDS.map((field) => (
        <td key={field.key} className="max-w-[16rem] break-words p-2">
          {row.cells[field.key] || <span className="text-muted-foreground">{EMPTY_CELL}</span>}
          {row.errors[field.error] && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{row.errors[field.error]}</p>}
        </td>
      ))}
      <td className="p-2">
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={intl.formatMessage({ id: 'codesCreate.importRows.editLabel', defaultMessage: 'Edit row {row}' }, { row: row.row })}>
          <Pencil aria-hidden="true" /> <FormattedMessage id="codesCreate.importRows.edit" defaultMessage="Edit" />
        </Button>
      </td>
    </tr>
  );
}

export function ImportEditRow({ importId, row, onDone }: { importId: string; row: BulkImportRowView; onDone: () => void }) {
  const intl = useIntl();
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
            aria-label={intl.formatMessage({ id: 'codesCreate.importRows.cellLabel', defaultMessage: '{column}, row {row}' }, { column: intl.formatMessage(field.label), row: row.row })}
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
          <FormattedMessage id="codesCreate.importRows.checkAgain" defaultMessage="Check again" />
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={onDone} disabled={update.isPending}>
          <FormattedMessage id="codesCreate.common.cancel" defaultMessage="Cancel" />
        </Button>
        {update.isError && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {getErrorMessage(update.error, intl.formatMessage({ id: 'codesCreate.importRows.saveFailed', defaultMessage: 'The row could not be saved.' }))}
          </p>
        )}
      </td>
    </tr>
  );
}
