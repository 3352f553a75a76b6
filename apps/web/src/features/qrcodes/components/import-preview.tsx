// The checked preview of a bulk import: its rows (editable), the price, the design choice and the confirmation.
import { DEFAULT_CURRENCY, formatMoney, type BulkImportView } from '@qrd/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { subscriptionQueryOptions } from '../../billing';
import { designChoiceSentence, ImportDesignChoice } from './import-design-choice';
import { IMPORT_FIELDS, ImportEditRow, ImportPreviewRow } from './import-rows';

export function ImportPreview({ view, onRestart }: { view: BulkImportView; onRestart: () => void }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [templateId, setTemplateId] = useState('');
  const templates = useDesignTemplates();
  const confirm = useConfirmBulkImport(view.id);
  const namedRows = view.namedTemplateRows;
  const pricing = view.pricing;
  const ready = view.rowCount - view.invalidRows;
  // The account's currency, as its subscription says (already cached by the screens before this one).
  const currency = useQuery({ ...subscriptionQueryOptions(), enabled: false }).data?.currency ?? DEFAULT_CURRENCY;
  const money = (cents: number) => formatMoney(cents, currency, intl.locale);
  const period = pricing?.interval === 'annual' ? 'year' : 'month';
  const confirmPrice = !pricing
    ? ''
    : pricing.seatsToBuy > 0 && pricing.unitAmountCents !== null
        ? intl.formatMessage(
            {
              id: 'codesCreate.importPreview.confirmToBuy',
              defaultMessage:
                '{buy, plural, one {# QR code is added to your subscription for {total} more per {period, select, year {year} other {month}} ({buy, number} × {unit}); today you pay only the part of the {period, select, year {year} other {month}} that is left.} other {# QR codes are added to your subscription for {total} more per {period, select, year {year} other {month}} ({buy, number} × {unit}); today you pay only the part of the {period, select, year {year} other {month}} that is left.}}',
            },
            { buy: pricing.seatsToBuy, total: money(pricing.totalCents), unit: money(pricing.unitAmountCents), period },
          )
        : intl.formatMessage({ id: 'codesCreate.importPreview.confirmFree', defaultMessage: 'Your free seats cover every code: nothing more is charged.' });

  return (
    <section aria-labelledby="preview-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="preview-title" className="text-xl font-semibold">
          <FormattedMessage id="codesCreate.importPreview.title" defaultMessage="Preview: {ready, number} of {total, number} rows ready" values={{ ready, total: view.rowCount }} />
        </h2>
        <Button variant="outline" onClick={onRestart}>
          <FormattedMessage id="codesCreate.import.uploadAnother" defaultMessage="Upload another file" />
        </Button>
      </div>
      {view.invalidRows > 0 && (
        <p role="status" className="text-sm text-red-700 dark:text-red-300">
          <FormattedMessage
            id="codesCreate.importPreview.invalid"
            defaultMessage="{count, plural, one {# row has errors: fix them with Edit, or they are skipped.} other {# rows have errors: fix them with Edit, or they are skipped.}}"
            values={{ count: view.invalidRows }}
          />
        </p>
      )}
      {view.rows.length < view.rowCount && (
        <p className="text-sm text-muted-foreground">
          {view.invalidRows > 0 ? (
            <FormattedMessage
              id="codesCreate.importPreview.showingErrorsFirst"
              defaultMessage="Showing {shown, number} of {total, number} rows, those with errors first."
              values={{ shown: view.rows.length, total: view.rowCount }}
            />
          ) : (
            <FormattedMessage
              id="codesCreate.importPreview.showing"
              defaultMessage="Showing {shown, number} of {total, number} rows."
              values={{ shown: view.rows.length, total: view.rowCount }}
            />
          )}
        </p>
      )}
      <ScrollRegion label={intl.formatMessage({ id: 'codesCreate.importPreview.rowsLabel', defaultMessage: 'Rows of the file' })}>
        <table className="w-full min-w-[56rem] text-start text-sm">
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="p-2">
                <FormattedMessage id="codesCreate.importPreview.row" defaultMessage="Row" />
              </th>
              {IMPORT_FIELDS.map((field) => (
                <th key={field.key} scope="col" className="p-2">
                  {intl.formatMessage(field.label)}
                </th>
              ))}
              <th scope="col" className="p-2">
                <span className="sr-only">
                  <FormattedMessage id="codesCreate.importPreview.actions" defaultMessage="Actions" />
                </span>
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
                <FormattedMessage
                  id="codesCreate.importPreview.notEntitled"
                  defaultMessage="Creating QR codes needs an active subscription. <link>Subscribe</link>, then come back."
                  values={{ link: (chunks) => <Link to={paths.subscribe}>{chunks}</Link> }}
                />
              </p>
            ) : (
              <p data-testid="import-price">
                {pricing.seatsToBuy > 0 && pricing.unitAmountCents !== null ? (
                  <FormattedMessage
                    id="codesCreate.importPreview.priceToBuy"
                    defaultMessage="{codes, number} new QR codes: {free, number} use free seats you already pay for, {buy, number} more are added to your subscription: {buy, number} × {unit} = <strong>{total} per {period, select, year {year} other {month}}</strong> more. Today you pay only the part of the {period, select, year {year} other {month}} that is left."
                    values={{
                      codes: pricing.codesToCreate,
                      free: Math.min(pricing.freeSeats, pricing.codesToCreate),
                      buy: pricing.seatsToBuy,
                      unit: money(pricing.unitAmountCents),
                      total: money(pricing.totalCents),
                      period,
                      strong: (chunks) => <strong>{chunks}</strong>,
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="codesCreate.importPreview.priceFree"
                    defaultMessage="{codes, number} new QR codes: {free, number} use free seats you already pay for: nothing more to pay."
                    values={{ codes: pricing.codesToCreate, free: Math.min(pricing.freeSeats, pricing.codesToCreate) }}
                  />
                )}
              </p>
            )}
            {pricing.entitled && ready > 0 && <ImportDesignChoice value={templateId} onChange={setTemplateId} namedRows={namedRows} />}
            <Button className="justify-self-start" disabled={!pricing.entitled || ready === 0} onClick={() => setConfirming(true)}>
              <FormattedMessage id="codesCreate.importPreview.create" defaultMessage="{count, plural, one {Create # QR code} other {Create # QR codes}}" values={{ count: ready }} />
            </Button>
          </CardContent>
        </Card>
      )}
      {pricing && (
        <Dialog open={confirming} onOpenChange={(open) => !open && !confirm.isPending && setConfirming(false)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>
                <FormattedMessage id="codesCreate.importPreview.confirmTitle" defaultMessage="{count, plural, one {Create # QR code?} other {Create # QR codes?}}" values={{ count: pricing.codesToCreate }} />
              </DialogTitle>
              <DialogDescription>
                {confirmPrice} {designChoiceSentence(intl, templates.data, templateId, namedRows)}
                {view.invalidRows > 0 && (
                  <>
                    {' '}
                    <FormattedMessage
                      id="codesCreate.importPreview.confirmSkipped"
                      defaultMessage="{count, plural, one {# row with errors is skipped.} other {# rows with errors are skipped.}}"
                      values={{ count: view.invalidRows }}
                    />
                  </>
                )}
              </DialogDescription>
            </DialogHeader>
            {confirm.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {getErrorMessage(confirm.error, intl.formatMessage({ id: 'codesCreate.importPreview.confirmFailed', defaultMessage: 'The import could not be started. Please try again.' }))}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={confirm.isPending}>
                <FormattedMessage id="codesCreate.common.cancel" defaultMessage="Cancel" />
              </Button>
              <Button onClick={() => confirm.mutate({ totalCents: pricing.totalCents, designTemplateId: templateId || null })} disabled={confirm.isPending}>
                {confirm.isPending && <Spinner />}
                <FormattedMessage id="codesCreate.common.confirmCreate" defaultMessage="Confirm and create" />
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </section>
  );
}
