import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

interface EmptyStateProps {
  title: string;
  icon: ReactNode;
  message: string;
  action?: ReactNode;
}

/** A tab whose data is not available yet: says so plainly, never shows invented figures. */
export function EmptyState({ title, icon, message, action }: EmptyStateProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">
          {icon}
        </span>
        <p className="font-medium">Not available yet</p>
        <CardDescription className="max-w-sm">{message}</CardDescription>
        {action}
      </CardContent>
    </Card>
  );
}
