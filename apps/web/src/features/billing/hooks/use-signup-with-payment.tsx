import { useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { isLanguage, type BillingInterval, type PaymentSetupView } from '@qrd/contracts';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useShownCurrency } from '../../../lib/site-config';
import { BRAND_NAME } from '../../../components/layout/brand';
import { useCreateSignupPayment, useRegister } from '../api/payment-setup';
import { SignupPaymentStep, type SignupNotice } from '../components/signup-payment-step';
import { paymentFailureToast, paymentMessages, type PaymentResult } from '../lib/payment-result';

export interface SignupDetails {
  username: string;
  email: string;
  password: string;
  billingInterval: BillingInterval;
}

export type SignupOutcome = { ok: true } | { ok: false; error: unknown };

interface PaymentStep {
  details: SignupDetails;
  setup: PaymentSetupView | null;
  setupFailed: boolean;
  retrying: boolean;
  notice: SignupNotice | null;
}


/**
 * Signup with payment (spec /auth, sections 4 and 8). Step 1's 'Continue to Payment' sets up the
 * subscription (the server first checks the username and email are free); step 2 takes the card;
 * once paid, POST /api/register creates the account with the payment's ids and signs in.
 */
export function useSignupWithPayment(): {
  completeSignup: (details: SignupDetails) => Promise<SignupOutcome>;
  paymentStep: ReactNode;
} {
  const intl = useIntl();
  // The prices were shown in this currency: the signup pays in it. Invoices follow the shown language.
  const { currency } = useShownCurrency();
  const language = isLanguage(intl.locale) ? intl.locale : undefined;
  const [step, setStep] = useState<PaymentStep | null>(null);
  const { mutateAsync: createSignupPayment } = useCreateSignupPayment();
  const { mutateAsync: registerUser, isPending: registering } = useRegister();
  const navigate = useNavigate();

  const setUp = useCallback(
    async (details: SignupDetails): Promise<SignupOutcome> => {
      try {
        const setup = await createSignupPayment({
          username: details.username,
          email: details.email,
          billingInterval: details.billingInterval,
          currency,
          language,
        });
        setStep({ details, setup, setupFailed: false, retrying: false, notice: null });
        return { ok: true };
      } catch (error) {
        // Taken names and invalid fields belong under step 1's inputs.
        if (isApiError(error) && error.status < 500 && error.status !== 402) {
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'billing.signup.registrationFailed', defaultMessage: 'Registration failed' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'billing.signup.tryLater', defaultMessage: 'Please try again later.' })),
          });
          setStep(null);
          return { ok: false, error };
        }
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'billing.signup.setupErrorTitle', defaultMessage: 'Payment Setup Error' }),
          description: intl.formatMessage({ id: 'billing.signup.setupError', defaultMessage: 'Could not set up payment. Please try again or contact support.' }),
        });
        setStep({ details, setup: null, setupFailed: true, retrying: false, notice: null });
        return { ok: true };
      }
    },
    [createSignupPayment, currency, language, intl],
  );

  const register = useCallback(
    async (details: SignupDetails, setup: PaymentSetupView) => {
      try {
        await registerUser({ ...details, stripeCustomerId: setup.customerId, stripeSubscriptionId: setup.subscriptionId, language });
        toast({
          title: intl.formatMessage({ id: 'billing.signup.created', defaultMessage: 'Account created!' }),
          description: intl.formatMessage({ id: 'billing.signup.createdText', defaultMessage: 'Your subscription is active. Welcome to {brand}!' }, { brand: BRAND_NAME }),
        });
        navigate(paths.dashboard, { replace: true });
      } catch (error) {
        const message = getErrorMessage(
          error,
          intl.formatMessage({
            id: 'billing.signup.registerFailed',
            defaultMessage: "Payment was successful, but we couldn't complete your registration. Please contact support.",
          }),
        );
        const title = intl.formatMessage({ id: 'billing.signup.registerFailedTitle', defaultMessage: 'Error creating account' });
        toast({ variant: 'destructive', title, description: message });
        setStep((s) => s && { ...s, notice: { title, message, tone: 'error' } });
      }
    },
    [navigate, registerUser, language, intl],
  );

  const onResult = useCallback(
    async (result: PaymentResult) => {
      if (!step?.setup) return;
      if (result.kind === 'succeeded') {
        await register(step.details, step.setup);
        return;
      }
      const failure = paymentFailureToast(intl, result);
      toast(failure);
      // Inline wording of spec section 8's signup payment: 'Payment failed', 'Payment processing', 'Payment error'.
      const title =
        result.kind === 'declined'
          ? intl.formatMessage({ id: 'billing.signup.noticeFailed', defaultMessage: 'Payment failed' })
          : result.kind === 'processing'
            ? intl.formatMessage(paymentMessages.processingTitle)
            : intl.formatMessage({ id: 'billing.signup.noticeError', defaultMessage: 'Payment error' });
      setStep((s) => s && { ...s, notice: { title, message: failure.description, tone: result.kind === 'processing' ? 'info' : 'error' } });
    },
    [register, step, intl],
  );

  const retry = useCallback(async () => {
    if (!step) return;
    setStep({ ...step, retrying: true });
    await setUp(step.details);
  }, [setUp, step]);

  const paymentStep = step ? (
    <SignupPaymentStep
      email={step.details.email}
      interval={step.details.billingInterval}
      setup={step.setup}
      setupFailed={step.setupFailed}
      retrying={step.retrying || registering}
      notice={step.notice}
      onBack={() => setStep(null)}
      onRetry={() => void retry()}
      onResult={onResult}
    />
  ) : null;

  return { completeSignup: setUp, paymentStep };
}
