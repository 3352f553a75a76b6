// A titled section card of the back office (admin and abuse screens).
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

interface AdminCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Extra content on the title's line (a search box). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One section of the back office: a titled card, labelled for screen readers. */
export function AdminCard({ id, title, description, icon, aside, children, className }: AdminCardProps) {
  return (
    <Card className={className} role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
            {icon}
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {aside}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
