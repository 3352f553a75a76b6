import type { QrCodeView } from '@qrd/contracts';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { previewImageUrl } from '../api/qr-images';

interface CodeThumbnailProps {
  code: Pick<QrCodeView, 'id' | 'name' | 'updatedAt'>;
  className?: string;
}

/**
 * The dashboard's image of a code: a plain <img> of the cacheable PNG route, loaded when it scrolls
 * near the screen; the browser revalidates it by ETag instead of asking for a data URL per code.
 */
export function CodeThumbnail({ code, className }: CodeThumbnailProps) {
  const intl = useIntl();
  const src = previewImageUrl(code);
  const label = intl.formatMessage({ id: 'codesList.preview.alt', defaultMessage: 'QR code for {name}' }, { name: code.name });
  const [failed, setFailed] = useState<string | null>(null);
  const frame = cn('aspect-square w-full rounded-md border bg-white', className);

  if (failed === src) {
    return (
      <div className={cn(frame, 'flex items-center justify-center')} role="img" aria-label={label}>
        <ImageOff className="size-6 text-muted-foreground" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={label}
      width={192}
      height={192}
      loading="lazy"
      decoding="async"
      className={frame}
      onError={() => {
        setFailed(src);
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'codesList.preview.errorTitle', defaultMessage: 'Error Generating Preview' }),
          description: intl.formatMessage({ id: 'codesList.preview.errorDescription', defaultMessage: 'Could not generate QR code preview.' }),
        });
      }}
    />
  );
}
