import type { TestCard } from '@qrd/contracts';

/**
 * What a card does in the offline processor, after Stripe's documented test cards
 * (https://docs.stripe.com/testing). Off-session means a charge the customer is not present for:
 * renewals, retries and prorated seat purchases.
 */
export type CardBehaviour =
  /** Every charge succeeds. */
  | 'succeed'
  /** 4000 0000 0000 0002: every charge is declined (generic_decline). */
  | 'decline'
  /** 4000 0000 0000 9995: every charge is declined (insufficient_funds). */
  | 'insufficient_funds'
  /**
   * 4000 0000 0000 0341: attaches to the customer, and (as DESIGN.md decides) the first payment
   * made with the customer present goes through; every later off-session charge fails.
   */
  | 'fail_off_session'
  /** 4000 0025 0000 3155: the bank asks for 3-D Secure when the customer is present; renewals need none. */
  | 'authenticate_on_session'
  /**
   * 4000 0027 6000 3184: the bank asks for 3-D Secure on every payment, saved card or not (the
   * signup, a seat bought, a switch of plan); a renewal nobody is present for fails as
   * authentication_required.
   */
  | 'authenticate_always';

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeed',
  '4000056655665556': 'succeed',
  '5555555555554444': 'succeed',
  '2223003122003222': 'succeed',
  '5200828282828210': 'succeed',
  '378282246310005': 'succeed',
  '6011111111111117': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000341': 'fail_off_session',
  '4000002500003155': 'authenticate_on_session',
  '4000002760003184': 'authenticate_always',
};

export interface CardError {
  type: 'card_error';
  code: string;
  declineCode: string | null;
  message: string;
}

export interface ParsedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

/** Stripe's own wording, so the form shows what Stripe's Payment Element would. */
export const CARD_ERRORS = {
  incompleteNumber: cardError('incomplete_number', null, 'Your card number is incomplete.'),
  invalidNumber: cardError('invalid_number', null, 'Your card number is invalid.'),
  incompleteExpiry: cardError('incomplete_expiry', null, "Your card's expiration date is incomplete."),
  invalidExpiryMonth: cardError('invalid_expiry_month', null, "Your card's expiration month is invalid."),
  expiryPast: cardError('invalid_expiry_year_past', null, "Your card's expiration year is in the past."),
  incompleteCvc: cardError('incomplete_cvc', null, "Your card's security code is incomplete."),
  liveCardInTestMode: cardError(
    'card_declined',
    'test_mode_live_card',
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  ),
  declined: cardError('card_declined', 'generic_decline', 'Your card was declined.'),
  insufficientFunds: cardError('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  authenticationFailed: cardError(
    'payment_intent_authentication_failure',
    null,
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  ),
  authenticationRequired: cardError(
    'authentication_required',
    'authentication_required',
    'Your card was declined. This transaction requires authentication.',
  ),
  noPaymentMethod: cardError('payment_method_missing', null, 'There is no card on file for this customer.'),
} as const;

function cardError(code: string, declineCode: string | null, message: string): CardError {
  return { type: 'card_error', code, declineCode, message };
}

/** Validates the typed card like the Payment Element does, then looks up its test behaviour. */
export function parseCard(input: TestCard, now: Date): ParsedCard | CardError {
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return CARD_ERRORS.invalidNumber;
  if (number.length < 13) return CARD_ERRORS.incompleteNumber;
  if (number.length > 19 || !luhn(number)) return CARD_ERRORS.invalidNumber;

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry) return CARD_ERRORS.incompleteExpiry;
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) return CARD_ERRORS.invalidExpiryMonth;
  const endOfExpiryMonth = Date.UTC(expYear, expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) return CARD_ERRORS.expiryPast;

  if (!/^\d{3,4}$/.test(input.cvc.trim())) return CARD_ERRORS.incompleteCvc;

  const behaviour = TEST_CARDS[number];
  if (!behaviour) return CARD_ERRORS.liveCardInTestMode;
  return { brand: brandOf(number), last4: number.slice(-4), expMonth, expYear, behaviour };
}

export function isCardError(value: ParsedCard | CardError): value is CardError {
  return (value as CardError).type === 'card_error';
}

/**
 * The outcome of charging a card. `offSession`: the customer is not there (a renewal, a retry);
 * a seat bought or a plan switched with the customer at the page counts as on-session for a card
 * that always asks, since the customer can answer the bank.
 */
export function chargeResult(behaviour: CardBehaviour, offSession: boolean): 'succeeded' | 'requires_action' | CardError {
  switch (behaviour) {
    case 'succeed':
      return 'succeeded';
    case 'decline':
      return CARD_ERRORS.declined;
    case 'insufficient_funds':
      return CARD_ERRORS.insufficientFunds;
    case 'fail_off_session':
      return offSession ? CARD_ERRORS.declined : 'succeeded';
    case 'authenticate_on_session':
      return offSession ? 'succeeded' : 'requires_action';
    case 'authenticate_always':
      return offSession ? CARD_ERRORS.authenticationRequired : 'requires_action';
    default: {
      const unreachable: never = behaviour;
      return unreachable;
    }
  }
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6')) return 'discover';
  return 'unknown';
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
