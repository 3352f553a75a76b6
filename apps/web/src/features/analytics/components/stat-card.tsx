import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  /** Smaller type for long values such as a date and time. */
  compact?: boolean;
}

/** One figure with its label; the label names the card for screen readers. */
export function StatCard({ label, value, hint, icon, compact }: StatCardProps) {
  return (
    <Card role="group" aria-label={label}>
      <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
        <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <p className={compact ? 'text-lg font-semibold' : 'text-2xl font-bold tabular-nums'}>{value}</p>
        {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  );
}
