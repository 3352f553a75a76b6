import { ImageOff } from 'lucide-react';
import { useEffect } from 'react';
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
  const preview = usePreview(codeId);

  useEffect(() => {
    if (preview.isError) {
      toast({ variant: 'destructive', title: 'Error Generating Preview', description: 'Could not generate QR code preview.' });
    }
  }, [preview.isError]);

  const frame = cn('aspect-square w-full rounded-md border bg-white', className);
  if (preview.data) return <img src={preview.data.dataUrl} alt={`QR code for ${name}`} className={frame} />;
  return (
    <div className={cn(frame, 'flex items-center justify-center', preview.isLoading && 'animate-pulse bg-muted')} role="img" aria-label={`QR code for ${name}`}>
      {preview.isError && <ImageOff className="size-6 text-muted-foreground" aria-hidden="true" />}
    </div>
  );
}
