import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

interface SentCardProps {
  Icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** The button that brings the empty form back, e.g. "Send another message". */
  againLabel: string;
  onAgain: () => void;
}

/** What a public form shows once it is sent: what happened, and a way to send another. */
export function SentCard({ Icon, title, children, againLabel, onAgain }: SentCardProps) {
  return (
    <Card role="status">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h2" className="text-2xl">
          {title}
        </CardTitle>
        <CardDescription className="text-base">{children}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button variant="outline" onClick={onAgain}>
          {againLabel}
        </Button>
      </CardContent>
    </Card>
  );
}
