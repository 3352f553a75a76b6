import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** The browser's own select (keyboard, screen readers and phones' pickers for free), styled like the inputs. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn('h-10 rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50', className)}
      {...props}
    />
  );
}
