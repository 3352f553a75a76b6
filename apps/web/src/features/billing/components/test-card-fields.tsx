import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { TestCardInput } from '../api/subscription';
import { formatCardNumber, formatCvc, formatExpiry, TEST_CARDS } from '../lib/card-input';
import { TestModeNotice } from './test-mode-notice';

interface TestCardFieldsProps {
  idPrefix: string;
  value: TestCardInput;
  onChange: (value: TestCardInput) => void;
  disabled?: boolean;
}

/** Digits, not words: the same in every language. */
const CARD_PLACEHOLDER = '1234 1234 1234 1234';
const CVC_PLACEHOLDER = '123';
const SAMPLE_EXPIRY = '12 / 34';

/** The test provider's card fields, with Stripe's test cards one click away. */
export function TestCardFields({ idPrefix, value, onChange, disabled }: TestCardFieldsProps) {
  const intl = useIntl();
  const set = (changes: Partial<TestCardInput>) => onChange({ ...value, ...changes });
  return (
    <div className="grid gap-4">
      <TestModeNotice />
      <FormField id={`${idPrefix}card-number`} label={intl.formatMessage({ id: 'billing.card.number', defaultMessage: 'Card number' })}>
        <Input
          id={`${idPrefix}card-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={CARD_PLACEHOLDER}
          value={value.cardNumber}
          disabled={disabled}
          onChange={(e) => set({ cardNumber: formatCardNumber(e.target.value) })}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={`${idPrefix}card-expiry`} label={intl.formatMessage({ id: 'billing.card.expiry', defaultMessage: 'Expiry' })}>
          <Input
            id={`${idPrefix}card-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={intl.formatMessage({ id: 'billing.card.expiryPlaceholder', defaultMessage: 'MM / YY' })}
            value={value.expiry}
            disabled={disabled}
            onChange={(e) => set({ expiry: formatExpiry(e.target.value, value.expiry) })}
          />
        </FormField>
        <FormField id={`${idPrefix}card-cvc`} label={intl.formatMessage({ id: 'billing.card.cvc', defaultMessage: 'CVC' })}>
          <Input
            id={`${idPrefix}card-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={CVC_PLACEHOLDER}
            value={value.cvc}
            disabled={disabled}
            onChange={(e) => set({ cvc: formatCvc(e.target.value) })}
          />
        </FormField>
      </div>
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">
          <FormattedMessage id="billing.card.testCards" defaultMessage="Test cards" />
        </summary>
        <ul className="mt-2 grid gap-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number} className="flex items-center justify-between gap-3">
              <button
                type="button"
                className="rounded-sm font-mono text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                disabled={disabled}
                onClick={() => set({ cardNumber: card.number, expiry: value.expiry || SAMPLE_EXPIRY, cvc: value.cvc || CVC_PLACEHOLDER })}
                dir="ltr"
              >
                {card.number}
              </button>
              <span className="text-end text-muted-foreground">{intl.formatMessage(card.outcome)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-muted-foreground">
          <FormattedMessage id="billing.card.testCardsHint" defaultMessage="Any future expiry date and any 3 digits for the CVC." />
        </p>
      </details>
    </div>
  );
}
