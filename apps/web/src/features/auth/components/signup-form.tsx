import { isLanguage, RegisterDto, type BillingInterval } from '@qrd/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage } from '../../../i18n/i18n-provider';
import { useDtoForm } from '../../../lib/form';
import { useCompleteSignup } from '../hooks/use-complete-signup';
import { PlanChoice } from './plan-choice';

/** Signup step 1 (details and plan); 'Continue to Payment' hands over to useCompleteSignup. */
export function SignupForm() {
  const intl = useIntl();
  // The account reads the product and its mail in the language the page is shown in (not the test pseudo-language).
  const { locale } = useLanguage();
  const [billingInterval, setBillingInterval] = useState<BillingInterval>('monthly');
  const { completeSignup, paymentStep } = useCompleteSignup();
  const form = useDtoForm(
    RegisterDto,
    { username: '', email: '', password: '' },
    {
      idPrefix: 'signup-',
      extra: () => ({ billingInterval }),
      onSubmit: async (values) => {
        const details = { ...values, billingInterval, ...(isLanguage(locale) ? { language: locale } : {}) };
        const outcome = await completeSignup(details);
        if (!outcome.ok) form.setErrorsFromResponse(outcome.error);
      },
    },
  );
  const busy = form.isSubmitting;

  // Step 2 replaces the form; its values stay here for 'Back'.
  if (paymentStep) return paymentStep;

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <FormField id={form.fieldId('username')} label={intl.formatMessage({ id: 'site.common.username', defaultMessage: 'Username' })} error={form.errors.username}>
        <Input {...form.inputProps('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField id={form.fieldId('email')} label={intl.formatMessage({ id: 'site.common.email', defaultMessage: 'Email' })} error={form.errors.email}>
        <Input {...form.inputProps('email')} type="email" autoComplete="email" spellCheck={false} />
      </FormField>
      <FormField
        id={form.fieldId('password')}
        label={intl.formatMessage({ id: 'site.common.password', defaultMessage: 'Password' })}
        error={form.errors.password}
        hint={intl.formatMessage({ id: 'site.signup.passwordHint', defaultMessage: 'At least 8 characters.' })}
      >
        <PasswordInput {...form.inputProps('password')} autoComplete="new-password" />
      </FormField>
      <PlanChoice value={billingInterval} onChange={setBillingInterval} error={form.errors.billingInterval} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner />}
        <FormattedMessage id="site.signup.continue" defaultMessage="Continue to Payment" />
      </Button>
    </form>
  );
}
