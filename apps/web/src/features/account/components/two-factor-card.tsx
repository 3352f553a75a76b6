import type { TwoFactorSetupView } from '@qrd/contracts';
import { DisableTwoFactorDto } from '@qrd/contracts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import type { User } from '../../../lib/user';
import { useDisableTwoFactor, useRefreshUser } from '../api/two-factor';
import { PasswordStep, RecoveryCodesStep, ScanStep } from './two-factor-setup';

type Step = { name: 'idle' } | { name: 'password' } | { name: 'scan'; setup: TwoFactorSetupView } | { name: 'codes'; codes: string[] };

function DisableForm({ onCancel }: { onCancel: () => void }) {
  const intl = useIntl();
  const disable = useDisableTwoFactor();
  const form = useDtoForm(
    DisableTwoFactorDto,
    { currentPassword: '', code: '' },
    {
      idPrefix: 'totp-disable-',
      onSubmit: async (values) => {
        try {
          await disable.mutateAsync({ currentPassword: values.currentPassword, code: values.code.trim() });
        } catch (error) {
          form.setErrorsFromResponse(error);
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'account.twoFactor.stillOn', defaultMessage: 'Two-factor sign-in is still on' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgain', defaultMessage: 'Please try again.' })),
          });
          return;
        }
        toast({
          title: intl.formatMessage({ id: 'account.twoFactor.turnedOff', defaultMessage: 'Two-factor sign-in is off' }),
          description: intl.formatMessage({ id: 'account.twoFactor.turnedOffDescription', defaultMessage: 'Your password alone signs you in again.' }),
        });
        onCancel();
      },
    },
  );
  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <FormField id={form.fieldId('currentPassword')} label={intl.formatMessage({ id: 'account.common.currentPassword', defaultMessage: 'Current password' })} error={form.errors.currentPassword}>
        <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" autoFocus />
      </FormField>
      <FormField id={form.fieldId('code')} label={intl.formatMessage({ id: 'account.twoFactor.disableCode', defaultMessage: 'Code from the app or a recovery code' })} error={form.errors.code}>
        <Input {...form.inputProps('code')} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={form.isSubmitting}>
          <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
        </Button>
        <Button type="submit" variant="destructive" disabled={form.isSubmitting}>
          {form.isSubmitting && <Spinner />}
          <FormattedMessage id="account.twoFactor.turnOffSubmit" defaultMessage="Turn off two-factor sign-in" />
        </Button>
      </div>
    </form>
  );
}

/** Security tab: two-factor sign-in with an authenticator app (set up, recovery codes, turn off). */
export function TwoFactorCard({ user }: { user: User }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [disabling, setDisabling] = useState(false);
  const refreshUser = useRefreshUser();
  const idle = () => setStep({ name: 'idle' });
  // While the recovery codes are shown the user is not refetched yet, but two-factor sign-in is on.
  const enabled = user.twoFactorEnabled || step.name === 'codes';

  let body;
  if (step.name === 'codes') {
    body = (
      <RecoveryCodesStep
        codes={step.codes}
        onDone={() => {
          idle();
          void refreshUser();
        }}
      />
    );
  } else if (user.twoFactorEnabled) {
    body = disabling ? (
      <DisableForm onCancel={() => setDisabling(false)} />
    ) : (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="account.twoFactor.onExplanation" defaultMessage="Signing in asks for a code from your authenticator app after your password." />
        </p>
        <Button variant="outline" onClick={() => setDisabling(true)}>
          <FormattedMessage id="account.twoFactor.turnOff" defaultMessage="Turn off" />
        </Button>
      </div>
    );
  } else if (step.name === 'password') {
    body = <PasswordStep onStarted={(setup) => setStep({ name: 'scan', setup })} onCancel={idle} />;
  } else if (step.name === 'scan') {
    body = <ScanStep setup={step.setup} onEnabled={(codes) => setStep({ name: 'codes', codes })} onCancel={idle} />;
  } else {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {user.twoFactorRequired ? (
            <FormattedMessage id="account.twoFactor.required" defaultMessage="Your role needs two-factor sign-in before you can use the admin area." />
          ) : (
            <FormattedMessage
              id="account.twoFactor.offExplanation"
              defaultMessage="Protect your account with a code from an authenticator app, on top of your password."
            />
          )}
        </p>
        <Button onClick={() => setStep({ name: 'password' })}>
          <FormattedMessage id="account.twoFactor.setUp" defaultMessage="Set up two-factor sign-in" />
        </Button>
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2" id="two-factor-title">
            <FormattedMessage id="account.twoFactor.title" defaultMessage="Two-factor sign-in" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="account.twoFactor.description" defaultMessage="A second step at sign-in, with an authenticator app on your phone." />
          </CardDescription>
        </div>
        <Badge variant={enabled ? 'success' : 'outline'}>
          <ShieldCheck className="size-3" aria-hidden="true" />
          {enabled ? (
            <FormattedMessage id="account.twoFactor.on" defaultMessage="On" />
          ) : (
            <FormattedMessage id="account.twoFactor.off" defaultMessage="Off" />
          )}
        </Badge>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
