import { CurrentPasswordDto, SecondFactorCodeDto, type TwoFactorSetupView } from '@qrd/contracts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { useEnableTwoFactor, useStartTwoFactor } from '../api/two-factor';

/** What a code from an authenticator app looks like (digits, the same in every language). */
const CODE_EXAMPLE = '123456';

/** Step 1: the password, so a session left open somewhere cannot put its own authenticator on the account. */
export function PasswordStep({ onStarted, onCancel }: { onStarted: (setup: TwoFactorSetupView) => void; onCancel: () => void }) {
  const intl = useIntl();
  const start = useStartTwoFactor();
  const form = useDtoForm(
    CurrentPasswordDto,
    { currentPassword: '' },
    {
      idPrefix: 'totp-setup-',
      onSubmit: async (values) => {
        try {
          onStarted(await start.mutateAsync(values));
        } catch (error) {
          form.setErrorsFromResponse(error);
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'account.twoFactorSetup.startFailed', defaultMessage: 'Could not start the set-up' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
          });
        }
      },
    },
  );
  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <FormField id={form.fieldId('currentPassword')} label={intl.formatMessage({ id: 'account.common.currentPassword', defaultMessage: 'Current password' })} error={form.errors.currentPassword}>
        <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" autoFocus />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={form.isSubmitting}>
          <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
        </Button>
        <Button type="submit" disabled={form.isSubmitting}>
          {form.isSubmitting && <Spinner />}
          <FormattedMessage id="account.twoFactorSetup.continue" defaultMessage="Continue" />
        </Button>
      </div>
    </form>
  );
}

/** The otpauth:// address as a QR code, drawn here: the secret never goes to an image service. */
function SetupQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const intl = useIntl();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  if (svg === null) return <div className="size-48 animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  if (!svg)
    return (
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="account.twoFactorSetup.qrFailed" defaultMessage="The QR code could not be drawn: type the key below into your app instead." />
      </p>
    );
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={intl.formatMessage({ id: 'account.twoFactorSetup.qrAlt', defaultMessage: 'QR code to scan with your authenticator app' })}
      className="size-48 rounded-md border bg-white p-1"
    />
  );
}

/** Step 2: scan (or type the key), then prove it with a code. */
export function ScanStep({ setup, onEnabled, onCancel }: { setup: TwoFactorSetupView; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const intl = useIntl();
  const enable = useEnableTwoFactor();
  const form = useDtoForm(
    SecondFactorCodeDto,
    { code: '' },
    {
      idPrefix: 'totp-enable-',
      onSubmit: async (values) => {
        try {
          onEnabled((await enable.mutateAsync({ code: values.code.trim() })).recoveryCodes);
        } catch (error) {
          form.setErrorsFromResponse(error);
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'account.twoFactorSetup.notOnYet', defaultMessage: 'Two-factor sign-in is not on yet' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgain', defaultMessage: 'Please try again.' })),
          });
        }
      },
    },
  );
  const key = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <ol className="grid list-decimal gap-2 ps-5 text-sm">
        <li>
          <FormattedMessage
            id="account.twoFactorSetup.stepOpen"
            defaultMessage="Open your authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator...)."
          />
        </li>
        <li>
          <FormattedMessage id="account.twoFactorSetup.stepScan" defaultMessage="Scan this QR code, or add an account by typing the key." />
        </li>
        <li>
          <FormattedMessage id="account.twoFactorSetup.stepCode" defaultMessage="Enter the 6-digit code the app shows." />
        </li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <SetupQrCode otpauthUrl={setup.otpauthUrl} />
        <div className="grid gap-1 text-sm">
          <p className="font-medium">
            <FormattedMessage id="account.twoFactorSetup.key" defaultMessage="Key" />
          </p>
          <code
            aria-label={intl.formatMessage({ id: 'account.twoFactorSetup.keyLabel', defaultMessage: 'Setup key' })} className="rounded bg-muted px-2 py-1 font-mono text-sm break-all select-all">
            {key}
          </code>
        </div>
      </div>
      <FormField id={form.fieldId('code')} label={intl.formatMessage({ id: 'account.twoFactorSetup.code', defaultMessage: 'Code from the app' })} error={form.errors.code}>
        <Input {...form.inputProps('code')} inputMode="numeric" autoComplete="one-time-code" placeholder={CODE_EXAMPLE} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={form.isSubmitting}>
          <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
        </Button>
        <Button type="submit" disabled={form.isSubmitting}>
          {form.isSubmitting && <Spinner />}
          <FormattedMessage id="account.twoFactorSetup.turnOn" defaultMessage="Turn on" />
        </Button>
      </div>
    </form>
  );
}

/** Step 3: the recovery codes, shown this once. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const intl = useIntl();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: intl.formatMessage({ id: 'account.twoFactorSetup.copied', defaultMessage: 'Recovery codes copied' }) });
    } catch {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.common.copyFailed', defaultMessage: 'Could not copy' }),
        description: intl.formatMessage({ id: 'account.twoFactorSetup.copyFailedDescription', defaultMessage: 'Select the codes and copy them yourself.' }),
      });
    }
  };
  return (
    <div className="grid gap-4">
      <div role="status" className="grid gap-1 text-sm">
        <p className="font-medium">
          <FormattedMessage id="account.twoFactorSetup.codesTitle" defaultMessage="Two-factor sign-in is on. Save your recovery codes now." />
        </p>
        <p className="text-muted-foreground">
          <FormattedMessage
            id="account.twoFactorSetup.codesExplanation"
            defaultMessage="If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only this once."
          />
        </p>
      </div>
      <ul
        aria-label={intl.formatMessage({ id: 'account.twoFactorSetup.codesLabel', defaultMessage: 'Recovery codes' })} className="grid grid-cols-2 gap-2 rounded-md border bg-muted/50 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={copy}>
          <FormattedMessage id="account.twoFactorSetup.copy" defaultMessage="Copy codes" />
        </Button>
        <Button onClick={onDone}>
          <FormattedMessage id="account.twoFactorSetup.saved" defaultMessage="I've saved my recovery codes" />
        </Button>
      </div>
    </div>
  );
}
