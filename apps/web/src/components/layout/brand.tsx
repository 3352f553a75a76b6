import { QrCode } from 'lucide-react';
import { cn } from '../../lib/utils';

export const BRAND_NAME = 'QR Dynamic';

/** The logo mark and product name (the link around it is the caller's). */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <QrCode className="size-5" aria-hidden="true" />
      </span>
      {BRAND_NAME}
    </span>
  );
}
