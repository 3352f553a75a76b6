import { Check, Circle } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** The same rules as PasswordResetDto, shown as a live checklist. */
const RULES = [
  { label: 'At least 8 characters', test: (value: string) => value.length >= 8 },
  { label: 'One uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { label: 'One lowercase letter', test: (value: string) => /[a-z]/.test(value) },
  { label: 'One number', test: (value: string) => /[0-9]/.test(value) },
] as const;

export function PasswordRequirements({ password }: { password: string }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-4">
      <p id="password-requirements" className="text-sm font-medium">
        Your password must contain:
      </p>
      <ul className="mt-2 grid gap-1.5">
        {RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.label} className={cn('flex items-center gap-2 text-sm', met ? 'text-foreground' : 'text-muted-foreground')}>
              {met ? (
                <Check className="size-4 text-green-600 dark:text-green-400" aria-hidden="true" />
              ) : (
                <Circle className="size-4" aria-hidden="true" />
              )}
              {rule.label}
              <span className="sr-only">{met ? '(met)' : '(not met yet)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
