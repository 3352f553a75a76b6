import { ARCHIVE_MIN_PX, PRINT_LIMITS, QR_IMAGE_FORMATS, QR_MAX_SIZE, type QrImageFormat } from '@qrd/contracts';
import { useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { type ArchiveProgress, downloadArchive } from '../api/organise';

interface ArchiveDialogProps {
  /** The chosen codes; null keeps the dialog closed. */
  ids: string[] | null;
  onClose: () => void;
}

const FORMAT_LABELS: Record<QrImageFormat, MessageDescriptor> = defineMessages({
  png: { id: 'codesList.archive.formatPng', defaultMessage: 'PNG image' },
  svg: { id: 'codesList.archive.formatSvg', defaultMessage: 'SVG (vector)' },
  pdf: { id: 'codesList.archive.formatPdf', defaultMessage: 'PDF (print)' },
});
/** Pixels for PNG and SVG; a PDF's print size in millimetres. */
const DEFAULT_SIZE: Record<QrImageFormat, string> = { png: '1024', svg: '1024', pdf: '50' };

const TEXT_MESSAGES = defineMessages({
  bytes: { id: 'codesList.archive.bytes', defaultMessage: '{count, plural, one {{size} byte} other {{size} bytes}}' },
  kilobytes: { id: 'codesList.archive.kilobytes', defaultMessage: '{size} KB' },
  megabytes: { id: 'codesList.archive.megabytes', defaultMessage: '{size} MB' },
  printSizeProblem: { id: 'codesList.archive.printSizeProblem', defaultMessage: 'Choose a print size from {min} to {max} mm' },
  pixelSizeProblem: { id: 'codesList.archive.pixelSizeProblem', defaultMessage: 'Choose a size from {min} to {max} pixels' },
});
/** As plain descriptors, which formatMessage takes with values. */
const TEXT: Record<keyof typeof TEXT_MESSAGES, MessageDescriptor> = TEXT_MESSAGES;

/** A size or a limit in the shown language's digits, without grouping ("4096"). */
const plain = (intl: IntlShape, n: number) => intl.formatNumber(n, { useGrouping: false });

/** "1.2 MB", "340 KB", "512 bytes" (in the shown language's digits and units). */
export function formatBytes(intl: IntlShape, bytes: number): string {
  if (bytes < 1024) return intl.formatMessage(TEXT.bytes, { count: bytes, size: plain(intl, bytes) });
  if (bytes < 1024 * 1024) return intl.formatMessage(TEXT.kilobytes, { size: plain(intl, Math.round(bytes / 1024)) });
  const megabytes = intl.formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return intl.formatMessage(TEXT.megabytes, { size: megabytes });
}

function sizeProblem(intl: IntlShape, format: QrImageFormat, text: string): string | null {
  const n = Number(text);
  if (format === 'pdf') {
    const { min, max } = PRINT_LIMITS.mm;
    return /^\d+(\.\d+)?$/.test(text) && n >= min && n <= max ? null : intl.formatMessage(TEXT.printSizeProblem, { min: plain(intl, min), max: plain(intl, max) });
  }
  return /^\d+$/.test(text) && n >= ARCHIVE_MIN_PX && n <= QR_MAX_SIZE ? null : intl.formatMessage(TEXT.pixelSizeProblem, { min: plain(intl, ARCHIVE_MIN_PX), max: plain(intl, QR_MAX_SIZE) });
}

/**
 * The chosen codes' images in one ZIP: a format and a size, then the file as it streams in, with
 * how much has arrived (a percentage when the server says how much will come).
 */
export function ArchiveDialog({ ids, onClose }: ArchiveDialogProps) {
  const intl = useIntl();
  const [format, setFormat] = useState<QrImageFormat>('png');
  const [size, setSize] = useState(DEFAULT_SIZE.png);
  const [progress, setProgress] = useState<ArchiveProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null && !done && error === null;
  const problem = sizeProblem(intl, format, size);

  const close = () => {
    abort.current?.abort();
    abort.current = null;
    setProgress(null);
    setError(null);
    setDone(false);
    onClose();
  };

  const start = async () => {
    if (!ids || problem) return;
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setDone(false);
    setProgress({ received: 0, total: null });
    try {
      await downloadArchive({ ids, format, size: Number(size) }, setProgress, controller.signal);
      setDone(true);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(
        getErrorMessage(caught, '') ||
          intl.formatMessage({ id: 'codesList.archive.downloadFailed', defaultMessage: 'The ZIP file could not be downloaded. Please try again.' }),
      );
    }
  };

  const percent = progress?.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;
  const count = ids?.length ?? 0;

  return (
    <Dialog open={ids !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage
              id="codesList.archive.title"
              defaultMessage="Download {count, plural, one {# QR code} other {# QR codes}} as ZIP"
              values={{ count }}
            />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="codesList.archive.description" defaultMessage="One file per code, each encoding its short link." />
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-1 text-sm font-medium">
            <FormattedMessage id="codesList.archive.format" defaultMessage="Format" />
          </legend>
          <div className="flex flex-wrap gap-3">
            {QR_IMAGE_FORMATS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="archive-format" value={value} checked={format === value} onChange={() => {
                    setFormat(value);
                    if ((value === 'pdf') !== (format === 'pdf')) setSize(DEFAULT_SIZE[value]);
                  }}
                />
                {intl.formatMessage(FORMAT_LABELS[value])}
              </label>
            ))}
          </div>
          <Label htmlFor="archive-size" className="mt-2">
            {format === 'pdf' ? (
              <FormattedMessage id="codesList.archive.printSize" defaultMessage="Print size in mm" />
            ) : (
              <FormattedMessage id="codesList.archive.pixelSize" defaultMessage="Size in pixels" />
            )}
          </Label>
          <Input
            id="archive-size"
            inputMode="numeric"
            value={size}
            onChange={(event) => setSize(event.target.value.trim())}
            aria-invalid={problem !== null}
            aria-describedby="archive-size-hint"
          />
          <p id="archive-size-hint" className={problem ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
            {problem ??
              (format === 'pdf'
                ? intl.formatMessage(
                    { id: 'codesList.archive.printSizeHint', defaultMessage: 'The printed width of each code, from {min} to {max} mm.' },
                    { min: plain(intl, PRINT_LIMITS.mm.min), max: plain(intl, PRINT_LIMITS.mm.max) },
                  )
                : intl.formatMessage(
                    { id: 'codesList.archive.pixelSizeHint', defaultMessage: 'From {min} to {max} pixels wide.' },
                    { min: plain(intl, ARCHIVE_MIN_PX), max: plain(intl, QR_MAX_SIZE) },
                  ))}
          </p>
        </fieldset>
        {progress !== null && error === null && (
          <div className="grid gap-1" role="status" aria-live="polite">
            <progress
              className="h-2 w-full accent-primary"
              aria-label={intl.formatMessage({ id: 'codesList.archive.progress', defaultMessage: 'ZIP download progress' })}
              max={percent === null ? undefined : 100}
              value={percent === null ? undefined : percent}
            />
            <p className="text-sm text-muted-foreground">
              {done
                ? intl.formatMessage({ id: 'codesList.archive.downloaded', defaultMessage: 'Downloaded {size}.' }, { size: formatBytes(intl, progress.received) })
                : percent === null
                  ? intl.formatMessage({ id: 'codesList.archive.received', defaultMessage: '{size} received...' }, { size: formatBytes(intl, progress.received) })
                  : intl.formatMessage(
                      { id: 'codesList.archive.receivedOf', defaultMessage: '{received} of {total} ({percent})' },
                      {
                        received: formatBytes(intl, progress.received),
                        total: formatBytes(intl, progress.total ?? 0),
                        percent: intl.formatNumber(percent / 100, { style: 'percent' }),
                      },
                    )}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {done ? (
              <FormattedMessage id="codesList.archive.close" defaultMessage="Close" />
            ) : (
              <FormattedMessage id="codesList.archive.cancel" defaultMessage="Cancel" />
            )}
          </Button>
          {!done && (
            <Button onClick={() => void start()} disabled={busy || problem !== null}>
              {busy && <Spinner />}
              {busy ? (
                <FormattedMessage id="codesList.archive.downloading" defaultMessage="Downloading..." />
              ) : (
                <FormattedMessage id="codesList.archive.download" defaultMessage="Download ZIP" />
              )}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
