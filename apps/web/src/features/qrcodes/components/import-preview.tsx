// The checked preview of a bulk import: its rows (editable), the price, the design choice and the confirmation.
import { formatCents, type BulkImportView } from '@qrd/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useConfirmBulkImport } from '../api/bulk-import';
import { useDesignTemplates } from '../api/design-templates';
import { designChoiceName, ImportDesignChoice } from './import-design-choice';
import { IMPORT_FIELDS, ImportEditRow, ImportPreviewRow } from './import-rows';

export function ImportPreview({ view, onRestart }: { view: BulkImportView; onRestart: () => void }) {
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
              {IMPORT_FIELDS.map((field) => (
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
                <ImportEditRow key={row.row} importId={view.id} row={row} onDone={() => setEditing(null)} />
              ) : (
                <ImportPreviewRow key={row.row} row={row} onEdit={() => setEditing(row.row)} />
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
