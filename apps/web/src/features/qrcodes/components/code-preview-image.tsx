import { ImageOff } from 'lucide-react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { usePreview } from '../api/qr-images';

interface CodePreviewImageProps {
  codeId: string;
  name: string;
  className?: string;
}

/** The code's image (the server's PNG preview); falls back to an empty frame if it cannot be made. */
export function CodePreviewImage({ codeId, name, className }: CodePreviewImageProps) {
  const intl = useIntl();
  const preview = usePreview(codeId);

  useEffect(() => {
    if (preview.isError) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesList.preview.errorTitle', defaultMessage: 'Error Generating Preview' }),
        description: intl.formatMessage({ id: 'codesList.preview.errorDescription', defaultMessage: 'Could not generate QR code preview.' }),
      });
    }
    // Once per failure (not again when the language changes).
  }, [preview.isError]);

  const label = intl.formatMessage({ id: 'codesList.preview.alt', defaultMessage: 'QR code for {name}' }, { name });

  const frame = cn('aspect-square w-full rounded-md border bg-white', className);
  if (preview.data) return <img src={preview.data.dataUrl} alt={label} className={frame} />;
  return (
    <div className={cn(frame, 'flex items-center justify-center', preview.isLoading && 'animate-pulse bg-muted')} role="img" aria-label={label}>
      {preview.isError && <ImageOff className="size-6 text-muted-foreground" aria-hidden="true" />}
    </div>
  );
}
