import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

interface AuthCardProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** The centred card every password-reset state is drawn in. */
export function AuthCard({ icon, title, description, children }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md px-4 py-12 sm:py-20">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          {icon && (
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
              {icon}
            </span>
          )}
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription className="text-base">{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="grid gap-4">{children}</CardContent>}
      </Card>
    </div>
  );
}
