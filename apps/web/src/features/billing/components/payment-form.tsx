import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
import { useSiteConfig } from '../../../lib/site-config';
import { StripePaymentForm } from './stripe-payment-form';
import { TestPaymentForm, type PaymentFormProps } from './test-payment-form';

/** The card form of the configured provider: Stripe's Payment Element, or the test-mode form. */
export function PaymentForm(props: PaymentFormProps) {
  const config = useSiteConfig();
  if (config.isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> <FormattedMessage id="billing.paymentForm.loading" defaultMessage="Loading the payment form..." />
      </p>
    );
  }
  if (config.data?.provider === 'stripe' && config.data.publishableKey) {
    return <StripePaymentForm publishableKey={config.data.publishableKey} {...props} />;
  }
  if (config.data?.provider === 'test') return <TestPaymentForm {...props} />;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      <FormattedMessage id="billing.paymentForm.unavailable" defaultMessage="Could not initialize payment. Please try again." />
    </p>
  );
}
