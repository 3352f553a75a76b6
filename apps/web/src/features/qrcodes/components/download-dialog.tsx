import { PRINT_LIMITS, type PrintUnit, type QrImageFormat } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { downloadProblems, PNG_MAX_SIZE, PNG_MIN_SIZE, saveDownloadOptions, type DownloadOptions } from '../lib/download-options';

interface DownloadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The choice offered (the one remembered). */
  initial: DownloadOptions;
  /** Downloads with the choice; true when the file was saved. */
  onDownload: (options: DownloadOptions) => Promise<boolean>;
  /** The choice was remembered (it is offered next time). */
  onRemembered: (options: DownloadOptions) => void;
}

const formats = defineMessages({
  png: { id: 'codesCreate.download.format.png', defaultMessage: 'PNG' },
  pngHint: { id: 'codesCreate.download.format.pngHint', defaultMessage: 'An image for screens and documents' },
  svg: { id: 'codesCreate.download.format.svg', defaultMessage: 'SVG' },
  svgHint: { id: 'codesCreate.download.format.svgHint', defaultMessage: 'A vector image for designers' },
  pdf: { id: 'codesCreate.download.format.pdf', defaultMessage: 'PDF (print)' },
  pdfHint: { id: 'codesCreate.download.format.pdfHint', defaultMessage: 'A vector page for a printer, with bleed and crop marks' },
});

const FORMATS: { value: QrImageFormat; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { value: 'png', label: formats.png, hint: formats.pngHint },
  { value: 'svg', label: formats.svg, hint: formats.svgHint },
  { value: 'pdf', label: formats.pdf, hint: formats.pdfHint },
];

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

/** Text typed into a number field: NaN for nothing, so the range check names it. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Format and size of one download: PNG pixels, SVG, or a PDF at a print size with bleed and crop marks. */
export function DownloadDialog({ open, onOpenChange, initial, onDownload, onRemembered }: DownloadDialogProps) {
  const intl = useIntl();
  const [options, setOptions] = useState(initial);
  const [text, setText] = useState({ size: String(initial.size), printSize: String(initial.printSize), bleed: String(initial.bleed) });
  const [shown, setShown] = useState<ReturnType<typeof downloadProblems>>({});
  const [busy, setBusy] = useState(false);
  const limits = PRINT_LIMITS[options.unit];
  const submitLabel = busy
    ? intl.formatMessage({ id: 'codesCreate.download.downloading', defaultMessage: 'Downloading...' })
    : intl.formatMessage({ id: 'codesCreate.download.submit', defaultMessage: 'Download' });
  const problem = (field: keyof typeof shown) => {
    const found = shown[field];
    return found ? intl.formatMessage(found.message, found.values) : undefined;
  };

  const change = (patch: Partial<DownloadOptions>) => {
    setOptions((current) => ({ ...current, ...patch }));
    setShown({});
  };
  const typed = (field: 'size' | 'printSize' | 'bleed', value: string) => {
    setText((current) => ({ ...current, [field]: value }));
    change({ [field]: numberOf(value) });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = downloadProblems(options);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    saveDownloadOptions(options);
    onRemembered(options);
    setBusy(true);
    const saved = await onDownload(options);
    setBusy(false);
    if (saved) onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="codesCreate.download.title" defaultMessage="Download options" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="codesCreate.download.description" defaultMessage="Your choice is remembered in this browser for the next download." />
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              <FormattedMessage id="codesCreate.download.format" defaultMessage="Format" />
            </legend>
            {FORMATS.map((format) => (
              <label key={format.value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="download-format"
                  value={format.value}
                  checked={options.format === format.value}
                  onChange={() => change({ format: format.value })}
                  className="mt-1"
                />
                <span>
                  <span className="font-medium">{intl.formatMessage(format.label)}</span>
                  <span className="block text-xs text-muted-foreground">{intl.formatMessage(format.hint)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {options.format === 'png' && (
            <FormField
              id="download-size"
              label={intl.formatMessage({ id: 'codesCreate.download.size', defaultMessage: 'Size (pixels)' })}
              error={problem('size')}
              hint={intl.formatMessage(
                { id: 'codesCreate.download.sizeHint', defaultMessage: 'From {min, number, ::group-off} to {max, number, ::group-off} px square' },
                { min: PNG_MIN_SIZE, max: PNG_MAX_SIZE },
              )}
            >
              <Input
                id="download-size"
                type="number"
                inputMode="numeric"
                min={PNG_MIN_SIZE}
                max={PNG_MAX_SIZE}
                step={1}
                value={text.size}
                aria-invalid={shown.size ? true : undefined}
                aria-describedby={shown.size ? 'download-size-error' : 'download-size-hint'}
                onChange={(event) => typed('size', event.target.value)}
              />
            </FormField>
          )}
          {options.format === 'pdf' && (
            <div className="grid gap-4">
              <div className="grid grid-cols-[1fr_6rem] gap-2">
                <FormField
                  id="download-print-size"
                  label={intl.formatMessage({ id: 'codesCreate.download.printSize', defaultMessage: 'Print size' })}
                  error={problem('printSize')}
                  hint={intl.formatMessage(
                    { id: 'codesCreate.download.printSizeHint', defaultMessage: 'From {min, number, ::group-off} to {max, number, ::group-off} {unit, select, in {in} other {mm}}' },
                    { min: limits.min, max: limits.max, unit: options.unit },
                  )}
                >
                  <Input
                    id="download-print-size"
                    type="number"
                    inputMode="decimal"
                    min={limits.min}
                    max={limits.max}
                    step="any"
                    value={text.printSize}
                    aria-invalid={shown.printSize ? true : undefined}
                    aria-describedby={shown.printSize ? 'download-print-size-error' : 'download-print-size-hint'}
                    onChange={(event) => typed('printSize', event.target.value)}
                  />
                </FormField>
                <FormField id="download-unit" label={intl.formatMessage({ id: 'codesCreate.download.unit', defaultMessage: 'Unit' })}>
                  <select id="download-unit" value={options.unit} onChange={(event) => change({ unit: event.target.value as PrintUnit })} className={selectClass}>
                    <option value="mm">{intl.formatMessage({ id: 'codesCreate.download.unit.mm', defaultMessage: 'mm' })}</option>
                    <option value="in">{intl.formatMessage({ id: 'codesCreate.download.unit.in', defaultMessage: 'inches' })}</option>
                  </select>
                </FormField>
              </div>
              <FormField
                id="download-bleed"
                label={intl.formatMessage({ id: 'codesCreate.download.bleed', defaultMessage: 'Bleed on each side' })}
                error={problem('bleed')}
                hint={intl.formatMessage(
                  {
                    id: 'codesCreate.download.bleedHint',
                    defaultMessage: 'From {min, number} to {max, number} {unit, select, in {in} other {mm}}; the page is the print size plus the bleed on each side',
                  },
                  { min: 0, max: limits.bleedMax, unit: options.unit },
                )}
              >
                <Input
                  id="download-bleed"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={limits.bleedMax}
                  step="any"
                  value={text.bleed}
                  aria-invalid={shown.bleed ? true : undefined}
                  aria-describedby={shown.bleed ? 'download-bleed-error' : 'download-bleed-hint'}
                  onChange={(event) => typed('bleed', event.target.value)}
                />
              </FormField>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={options.cropMarks} disabled={!(options.bleed > 0)} onChange={(event) => change({ cropMarks: event.target.checked })} />
                <FormattedMessage id="codesCreate.download.cropMarks" defaultMessage="Crop marks (in the bleed)" />
              </label>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <FormattedMessage id="codesCreate.common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : <Download aria-hidden="true" />} {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
