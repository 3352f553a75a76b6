// The centred card of a page reached from a mailed link (confirm a new address, unsubscribe): icon, title, words, actions.
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card';

export function CardFrame({ icon, title, description, children }: { icon: ReactNode; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md px-4 py-12 sm:py-20">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">{icon}</span>
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
          <CardDescription className="text-base break-words">{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}
