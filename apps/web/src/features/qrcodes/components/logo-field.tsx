import { QR_LOGO_MAX_BYTES, QR_LOGO_TYPES } from '@qrd/contracts';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useRemoveLogo, useUploadLogo } from '../api/qr-images';

/** Upload or remove the centre logo (PNG, JPEG or WebP up to 1 MB; stored as a small PNG). */
export function LogoField({ codeId, hasLogo }: { codeId: string; hasLogo: boolean }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const notAdded = intl.formatMessage({ id: 'codesCreate.logo.notAdded', defaultMessage: 'Logo not added' });
  const upload = useUploadLogo(codeId);
  const remove = useRemoveLogo(codeId);
  const busy = upload.isPending || remove.isPending;

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(QR_LOGO_TYPES as readonly string[]).includes(file.type)) {
      toast({ variant: 'destructive', title: notAdded, description: intl.formatMessage({ id: 'codesCreate.logo.wrongType', defaultMessage: 'The logo must be a PNG, JPEG or WebP image' }) });
      return;
    }
    if (file.size > QR_LOGO_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: notAdded,
        description: intl.formatMessage({ id: 'codesCreate.logo.tooLarge', defaultMessage: 'The logo is too large: upload an image of at most {max, number} MB' }, { max: QR_LOGO_MAX_BYTES / 1024 / 1024 }),
      });
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast({
        title: intl.formatMessage({ id: 'codesCreate.toast.updated', defaultMessage: 'QR Code Updated' }),
        description: intl.formatMessage({ id: 'codesCreate.logo.added', defaultMessage: 'Logo added. Error correction is now High so the code still scans.' }),
      });
    } catch (error) {
      toast({ variant: 'destructive', title: notAdded, description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.logo.tryAnother', defaultMessage: 'Please try another image.' })) });
    }
  };

  const clear = async () => {
    try {
      await remove.mutateAsync();
      toast({
        title: intl.formatMessage({ id: 'codesCreate.toast.updated', defaultMessage: 'QR Code Updated' }),
        description: intl.formatMessage({ id: 'codesCreate.logo.removed', defaultMessage: 'Logo removed.' }),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesCreate.toast.updateError', defaultMessage: 'Error Updating QR Code' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.toast.tryLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">
        <FormattedMessage id="codesCreate.logo.heading" defaultMessage="Centre logo" />
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          accept={QR_LOGO_TYPES.join(',')}
          className="sr-only"
          id="logo-file"
          // The visible button opens it; it still has a name for assistive technology, and no second tab stop.
          aria-label={intl.formatMessage({ id: 'codesCreate.logo.fileLabel', defaultMessage: 'Centre logo file (PNG, JPEG or WebP, at most {max, number} MB)' }, { max: QR_LOGO_MAX_BYTES / 1024 / 1024 })}
          tabIndex={-1}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden="true" />}
          {hasLogo ? (
            <FormattedMessage id="codesCreate.logo.replace" defaultMessage="Replace logo" />
          ) : (
            <FormattedMessage id="codesCreate.logo.upload" defaultMessage="Upload logo" />
          )}
        </Button>
        {hasLogo && (
          <Button variant="ghost" disabled={busy} onClick={() => void clear()}>
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />} <FormattedMessage id="codesCreate.logo.remove" defaultMessage="Remove logo" />
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        <FormattedMessage id="codesCreate.logo.hint" defaultMessage="PNG, JPEG or WebP, at most {max, number} MB. It is saved at once." values={{ max: QR_LOGO_MAX_BYTES / 1024 / 1024 }} />
      </p>
    </div>
  );
}
