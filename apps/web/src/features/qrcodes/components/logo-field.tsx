import { QR_LOGO_MAX_BYTES, QR_LOGO_TYPES } from '@qrd/contracts';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useRemoveLogo, useUploadLogo } from '../api/qr-images';

/** Upload or remove the centre logo (PNG, JPEG or WebP up to 1 MB; stored as a small PNG). */
export function LogoField({ codeId, hasLogo }: { codeId: string; hasLogo: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo(codeId);
  const remove = useRemoveLogo(codeId);
  const busy = upload.isPending || remove.isPending;

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(QR_LOGO_TYPES as readonly string[]).includes(file.type)) {
      toast({ variant: 'destructive', title: 'Logo not added', description: 'The logo must be a PNG, JPEG or WebP image' });
      return;
    }
    if (file.size > QR_LOGO_MAX_BYTES) {
      toast({ variant: 'destructive', title: 'Logo not added', description: 'The logo is too large: upload an image of at most 1 MB' });
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast({ title: 'QR Code Updated', description: 'Logo added. Error correction is now High so the code still scans.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Logo not added', description: getErrorMessage(error, 'Please try another image.') });
    }
  };

  const clear = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: 'QR Code Updated', description: 'Logo removed.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error Updating QR Code', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Centre logo</p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          accept={QR_LOGO_TYPES.join(',')}
          className="sr-only"
          id="logo-file"
          // The visible button opens it; it still has a name for assistive technology, and no second tab stop.
          aria-label="Centre logo file (PNG, JPEG or WebP, at most 1 MB)"
          tabIndex={-1}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden="true" />}
          {hasLogo ? 'Replace logo' : 'Upload logo'}
        </Button>
        {hasLogo && (
          <Button variant="ghost" disabled={busy} onClick={() => void clear()}>
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />} Remove logo
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">PNG, JPEG or WebP, at most 1 MB. It is saved at once.</p>
    </div>
  );
}
