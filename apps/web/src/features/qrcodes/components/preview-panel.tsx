import type { QrCodeView } from '@qrd/contracts';
import { Copy, Download, ExternalLink, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { copyText } from '../../../lib/copy-text';
import { useCodeActions } from '../hooks/use-code-actions';
import { stateExplanation } from '../lib/code-list';
import { CodeDomain } from './code-domain';
import { CodePreviewImage } from './code-preview-image';
import { CodeStateBadges } from './code-state-badges';
import { DownloadDialog } from './download-dialog';
import { describeDownload, loadDownloadOptions } from '../lib/download-options';

/** The Preview & Download tab: the image, downloads, the short URL to copy and where it points. */
export function PreviewPanel({ code }: { code: QrCodeView }) {
  const intl = useIntl();
  const actions = useCodeActions();
  const explanation = stateExplanation(intl, code);
  const [choice, setChoice] = useState(loadDownloadOptions);
  const [choosing, setChoosing] = useState(false);

  const copy = async (url = code.shortUrl) => {
    try {
      await copyText(url);
      toast({ title: intl.formatMessage({ id: 'codesCreate.preview.copied', defaultMessage: 'URL Copied' }), description: url });
    } catch {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesCreate.preview.copyFailed', defaultMessage: 'Copy failed' }),
        description: intl.formatMessage({ id: 'codesCreate.preview.copyByHand', defaultMessage: 'Select the address and copy it by hand.' }),
      });
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
      <CodePreviewImage codeId={code.id} name={code.name} />
      <div className="grid content-start gap-5">
        <div className="grid gap-2">
          <h2 className="text-xl font-semibold">{code.name}</h2>
          <CodeStateBadges code={code} />
          {explanation && <p className="text-sm text-muted-foreground">{explanation}</p>}
        </div>
        <div className="grid gap-1">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void actions.downloadAs(code, choice)} aria-describedby="download-choice">
              <Download aria-hidden="true" /> <FormattedMessage id="codesCreate.preview.download" defaultMessage="Download QR Code" />
            </Button>
            <Button variant="outline" onClick={() => setChoosing(true)}>
              <SlidersHorizontal aria-hidden="true" /> <FormattedMessage id="codesCreate.download.title" defaultMessage="Download options" />
            </Button>
          </div>
          <p id="download-choice" className="text-xs text-muted-foreground">
            {describeDownload(intl, choice)}
          </p>
          {choosing && (
            <DownloadDialog
              open={choosing}
              onOpenChange={setChoosing}
              initial={choice}
              onRemembered={setChoice}
              onDownload={(options) => actions.downloadAs(code, options)}
            />
          )}
        </div>
        <div className="grid gap-1">
          <p className="text-sm font-medium" id="short-url-label">
            <FormattedMessage id="codesCreate.preview.shortUrl" defaultMessage="Redirection URL (what the code contains)" />
          </p>
          <div className="flex items-center gap-2">
            <code aria-labelledby="short-url-label" className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 text-sm">
              {code.shortUrl}
            </code>
            <Button variant="outline" size="icon" onClick={() => void copy()} aria-label={intl.formatMessage({ id: 'codesCreate.preview.copyShortUrl', defaultMessage: 'Copy redirection URL' })}>
              <Copy aria-hidden="true" />
            </Button>
          </div>
        </div>
        {code.linkUrl && (
          <div className="grid gap-1">
            <p className="text-sm font-medium" id="link-url-label">
              <FormattedMessage id="codesCreate.preview.linkUrl" defaultMessage="Link to share (visits counted as clicks, apart from scans)" />
            </p>
            <div className="flex items-center gap-2">
              <code aria-labelledby="link-url-label" className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 text-sm">
                {code.linkUrl}
              </code>
              <Button variant="outline" size="icon" onClick={() => void copy(code.linkUrl)} aria-label={intl.formatMessage({ id: 'codesCreate.preview.copyLinkUrl', defaultMessage: 'Copy link to share' })}>
                <Copy aria-hidden="true" />
              </Button>
            </div>
          </div>
        )}
        <CodeDomain code={code} />
        <div className="grid gap-1">
          <p className="text-sm font-medium">
            <FormattedMessage id="codesCreate.preview.targetUrl" defaultMessage="Target URL" />
          </p>
          <a href={code.destinationUrl} target="_blank" rel="noreferrer" className="flex items-center gap-1 text-sm break-all text-primary hover:underline">
            {code.destinationUrl} <ExternalLink className="size-3.5 shrink-0 rtl:-scale-x-100" aria-hidden="true" />
          </a>
        </div>
      </div>
    </div>
  );
}
