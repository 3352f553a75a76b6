import { ARCHIVE_MIN_PX, PRINT_LIMITS, QR_IMAGE_FORMATS, QR_MAX_SIZE, type QrImageFormat } from '@qrd/contracts';
import { useRef, useState } from 'react';
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

const FORMAT_LABELS: Record<QrImageFormat, string> = { png: 'PNG image', svg: 'SVG (vector)', pdf: 'PDF (print)' };
/** Pixels for PNG and SVG; a PDF's print size in millimetres. */
const DEFAULT_SIZE: Record<QrImageFormat, string> = { png: '1024', svg: '1024', pdf: '50' };

/** "1.2 MB", "340 KB", "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function sizeProblem(format: QrImageFormat, text: string): string | null {
  const n = Number(text);
  if (format === 'pdf') {
    const { min, max } = PRINT_LIMITS.mm;
    return /^\d+(\.\d+)?$/.test(text) && n >= min && n <= max ? null : `Choose a print size from ${min} to ${max} mm`;
  }
  return /^\d+$/.test(text) && n >= ARCHIVE_MIN_PX && n <= QR_MAX_SIZE ? null : `Choose a size from ${ARCHIVE_MIN_PX} to ${QR_MAX_SIZE} pixels`;
}

/**
 * The chosen codes' images in one ZIP: a format and a size, then the file as it streams in, with
 * how much has arrived (a percentage when the server says how much will come).
 */
export function ArchiveDialog({ ids, onClose }: ArchiveDialogProps) {
  const [format, setFormat] = useState<QrImageFormat>('png');
  const [size, setSize] = useState(DEFAULT_SIZE.png);
  const [progress, setProgress] = useState<ArchiveProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null && !done && error === null;
  const problem = sizeProblem(format, size);

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
      setError(getErrorMessage(caught, '') || 'The ZIP file could not be downloaded. Please try again.');
    }
  };

  const percent = progress?.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;
  const count = ids?.length ?? 0;

  return (
    <Dialog open={ids !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Download {count === 1 ? '1 QR code' : `${count.toLocaleString('en-US')} QR codes`} as ZIP</DialogTitle>
          <DialogDescription>One file per code, each encoding its short link.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-1 text-sm font-medium">Format</legend>
          <div className="flex flex-wrap gap-3">
            {QR_IMAGE_FORMATS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="archive-format" value={value} checked={format === value} onChange={() => {
                    setFormat(value);
                    if ((value === 'pdf') !== (format === 'pdf')) setSize(DEFAULT_SIZE[value]);
                  }}
                />
                {FORMAT_LABELS[value]}
              </label>
            ))}
          </div>
          <Label htmlFor="archive-size" className="mt-2">
            {format === 'pdf' ? 'Print size in mm' : 'Size in pixels'}
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
                ? `The printed width of each code, from ${PRINT_LIMITS.mm.min} to ${PRINT_LIMITS.mm.max} mm.`
                : `From ${ARCHIVE_MIN_PX} to ${QR_MAX_SIZE} pixels wide.`)}
          </p>
        </fieldset>
        {progress !== null && error === null && (
          <div className="grid gap-1" role="status" aria-live="polite">
            <progress
              className="h-2 w-full accent-primary"
              aria-label="ZIP download progress"
              max={percent === null ? undefined : 100}
              value={percent === null ? undefined : percent}
            />
            <p className="text-sm text-muted-foreground">
              {done
                ? `Downloaded ${formatBytes(progress.received)}.`
                : percent === null
                  ? `${formatBytes(progress.received)} received...`
                  : `${formatBytes(progress.received)} of ${formatBytes(progress.total ?? 0)} (${percent}%)`}
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
            {done ? 'Close' : 'Cancel'}
          </Button>
          {!done && (
            <Button onClick={() => void start()} disabled={busy || problem !== null}>
              {busy && <Spinner />}
              {busy ? 'Downloading...' : 'Download ZIP'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
