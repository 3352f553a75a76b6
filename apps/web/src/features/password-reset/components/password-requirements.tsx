import { Check, Circle } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { cn } from '../../../lib/utils';

/** The same rules as PasswordResetDto, shown as a live checklist. */
const messages = defineMessages({
  length: { id: 'site.passwordRequirements.length', defaultMessage: 'At least 8 characters' },
  uppercase: { id: 'site.passwordRequirements.uppercase', defaultMessage: 'One uppercase letter' },
  lowercase: { id: 'site.passwordRequirements.lowercase', defaultMessage: 'One lowercase letter' },
  number: { id: 'site.passwordRequirements.number', defaultMessage: 'One number' },
});

const RULES = [
  { key: 'length', label: messages.length, test: (value: string) => value.length >= 8 },
  { key: 'uppercase', label: messages.uppercase, test: (value: string) => /[A-Z]/.test(value) },
  { key: 'lowercase', label: messages.lowercase, test: (value: string) => /[a-z]/.test(value) },
  { key: 'number', label: messages.number, test: (value: string) => /[0-9]/.test(value) },
] as const;

export function PasswordRequirements({ password }: { password: string }) {
  const intl = useIntl();
  return (
    <div className="rounded-lg border bg-muted/40 p-4">
      <p id="password-requirements" className="text-sm font-medium">
        <FormattedMessage id="site.passwordRequirements.title" defaultMessage="Your password must contain:" />
      </p>
      <ul className="mt-2 grid gap-1.5">
        {RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.key} className={cn('flex items-center gap-2 text-sm', met ? 'text-foreground' : 'text-muted-foreground')}>
              {met ? (
                <Check className="size-4 text-green-600 dark:text-green-400" aria-hidden="true" />
              ) : (
                <Circle className="size-4" aria-hidden="true" />
              )}
              {intl.formatMessage(rule.label)}
              <span className="sr-only">
                {met ? (
                  <FormattedMessage id="site.passwordRequirements.met" defaultMessage="(met)" />
                ) : (
                  <FormattedMessage id="site.passwordRequirements.notMet" defaultMessage="(not met yet)" />
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
