import type { FileContent, PublicPage } from '@qrd/contracts';
import { Download, FileText } from 'lucide-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Button } from '../../../components/ui/button';

function size(intl: IntlShape, bytes: number): string {
  return bytes >= 1024 * 1024
    ? intl.formatNumber(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', minimumFractionDigits: 1, maximumFractionDigits: 1 })
    : intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });
}

/** A shared file: an image shown, a PDF opened in the phone's viewer; both downloadable. */
export function FilePage({ page, file }: { page: PublicPage; file: FileContent }) {
  const intl = useIntl();
  const stored = page.files[file.fileId];
  const title = file.title || stored?.fileName || intl.formatMessage({ id: 'site.filePage.file', defaultMessage: 'File' });
  return (
    <article className="grid gap-6">
      <h1 className="text-center text-2xl font-bold break-words">{title}</h1>
      {!stored && (
        <p role="alert">
          <FormattedMessage id="site.filePage.gone" defaultMessage="This file is not available any more." />
        </p>
      )}
      {stored?.contentType.startsWith('image/') && <img src={stored.url} alt={title} className="w-full rounded-md object-contain" />}
      {stored?.contentType === 'application/pdf' && (
        <p className="flex items-center justify-center gap-2 text-muted-foreground">
          <FileText className="size-5" aria-hidden="true" />
          <FormattedMessage id="site.filePage.pdf" defaultMessage="PDF document, {size}" values={{ size: size(intl, stored.sizeBytes) }} />
        </p>
      )}
      {stored && (
        <div className="grid gap-3">
          {stored.contentType === 'application/pdf' && (
            <Button asChild size="lg" className="w-full">
              <a href={stored.url}>
                <FileText aria-hidden="true" /> <FormattedMessage id="site.filePage.openPdf" defaultMessage="Open PDF" />
              </a>
            </Button>
          )}
          <Button asChild size="lg" variant="outline" className="w-full">
            <a href={stored.url} download={stored.fileName}>
              <Download aria-hidden="true" />
              <FormattedMessage id="site.filePage.download" defaultMessage="Download {fileName}" values={{ fileName: stored.fileName }} />
            </a>
          </Button>
        </div>
      )}
    </article>
  );
}
