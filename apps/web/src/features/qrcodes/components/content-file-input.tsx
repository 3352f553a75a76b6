import { CONTENT_FILE_MAX_BYTES, type ContentFileView, type ContentUploadPurpose } from '@qrd/contracts';
import { FileCheck2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useUploadContentFile } from '../api/content-files';

interface ContentFileInputProps {
  id: string;
  purpose: ContentUploadPurpose;
  /** The stored file's description, when the content already has one. */
  current: ContentFileView | null;
  error?: string;
  onUploaded: (file: ContentFileView) => void;
}

const ACCEPT: Record<ContentUploadPurpose, string> = {
  image: 'image/png,image/jpeg,image/webp,image/gif',
  file: 'application/pdf,image/png,image/jpeg,image/webp,image/gif',
};

function size(intl: IntlShape, bytes: number): string {
  return bytes >= 1024 * 1024
    ? intl.formatNumber(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', minimumFractionDigits: 1, maximumFractionDigits: 1 })
    : intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte', unitDisplay: 'short' });
}

/** Picks a file and uploads it at once; the server decides what it is by its bytes. */
export function ContentFileInput({ id, purpose, current, error, onUploaded }: ContentFileInputProps) {
  const intl = useIntl();
  const upload = useUploadContentFile();
  const [file, setFile] = useState<ContentFileView | null>(current);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(null);
    if (chosen.size > CONTENT_FILE_MAX_BYTES) return setProblem(intl.formatMessage({ id: 'codesCreate.fileInput.tooLarge', defaultMessage: 'The file is too large: upload at most {max, number} MB' }, { max: CONTENT_FILE_MAX_BYTES / 1024 / 1024 }));
    try {
      const stored = await upload.mutateAsync({ file: chosen, purpose });
      setFile(stored);
      setPreview(stored.contentType.startsWith('image/') ? URL.createObjectURL(chosen) : null);
      onUploaded(stored);
    } catch (failure) {
      setProblem(getErrorMessage(failure, intl.formatMessage({ id: 'codesCreate.fileInput.uploadFailed', defaultMessage: 'The file could not be uploaded. Please try again.' })));
    }
  };

  const message = problem ?? error;
  return (
    <div className="grid gap-2">
      <input
        id={id}
        type="file"
        accept={ACCEPT[purpose]}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => void choose(event.target.files?.[0])}
        className="block w-full min-w-0 text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
      />
      {upload.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> <FormattedMessage id="codesCreate.fileInput.uploading" defaultMessage="Uploading..." />
        </p>
      )}
      {file && !upload.isPending && (
        <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
          <FileCheck2 className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">
            <FormattedMessage id="codesCreate.fileInput.stored" defaultMessage="{fileName} ({size})" values={{ fileName: file.fileName, size: size(intl, file.sizeBytes) }} />
          </span>
        </p>
      )}
      {preview && <img src={preview} alt={intl.formatMessage({ id: 'codesCreate.fileInput.previewAlt', defaultMessage: 'Preview of the uploaded image' })} className="size-20 rounded-md object-cover" />}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}
