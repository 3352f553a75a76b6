import { chargeResult, isCardError, parseCard } from './sandbox-cards';
import { addPeriods } from './sandbox-objects';

const NOW = new Date('2026-03-15T12:00:00Z');
const card = (cardNumber: string, expiry = '12 / 30', cvc = '123') => parseCard({ cardNumber, expiry, cvc }, NOW);

describe(parseCard.name, () => {
  it("honours Stripe's documented test cards", () => {
    expect(card('4242 4242 4242 4242')).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, behaviour: 'succeed' });
    expect(card('4000000000000002')).toMatchObject({ behaviour: 'decline' });
    expect(card('4000-0000-0000-9995')).toMatchObject({ behaviour: 'insufficient_funds' });
    expect(card('4000 0000 0000 0341')).toMatchObject({ behaviour: 'fail_off_session' });
    expect(card('4000 0025 0000 3155')).toMatchObject({ behaviour: 'authenticate_on_session' });
    expect(card('4000 0027 6000 3184')).toMatchObject({ behaviour: 'authenticate_always' });
    expect(card('5555 5555 5555 4444')).toMatchObject({ brand: 'mastercard', behaviour: 'succeed' });
    expect(card('3782 822463 10005', '12 / 30', '1234')).toMatchObject({ brand: 'amex', behaviour: 'succeed' });
  });

  it('refuses what the Payment Element would, with its words', () => {
    const message = (value: ReturnType<typeof parseCard>) => (isCardError(value) ? value.message : 'accepted');
    expect(message(card('4242 4242 424'))).toBe('Your card number is incomplete.');
    expect(message(card('4242 4242 4242 4243'))).toBe('Your card number is invalid.');
    expect(message(card('4242 abcd 4242 4242'))).toBe('Your card number is invalid.');
    expect(message(card('4242 4242 4242 4242', '13 / 30'))).toBe("Your card's expiration month is invalid.");
    expect(message(card('4242 4242 4242 4242', '02 / 26'))).toBe("Your card's expiration year is in the past.");
    expect(message(card('4242 4242 4242 4242', '03 / 26'))).toBe('accepted');
    expect(message(card('4242 4242 4242 4242', '1230'))).toBe("Your card's expiration date is incomplete.");
    expect(message(card('4242 4242 4242 4242', '12 / 30', '12'))).toBe("Your card's security code is incomplete.");
    expect(card('4111 1111 1111 1111')).toMatchObject({ code: 'card_declined', declineCode: 'test_mode_live_card' });
  });
});

describe(chargeResult.name, () => {
  it('declines off-session charges of 0341 only, and asks 3155 to authenticate only on-session', () => {
    expect(chargeResult('fail_off_session', false)).toBe('succeeded');
    expect(chargeResult('fail_off_session', true)).toMatchObject({ declineCode: 'generic_decline' });
    expect(chargeResult('authenticate_on_session', false)).toBe('requires_action');
    expect(chargeResult('authenticate_on_session', true)).toBe('succeeded');
    expect(chargeResult('insufficient_funds', true)).toMatchObject({ declineCode: 'insufficient_funds' });
  });

  it('asks 3184 to authenticate every payment the customer makes; a renewal without them fails as authentication_required', () => {
    expect(chargeResult('authenticate_always', false)).toBe('requires_action');
    expect(chargeResult('authenticate_always', true)).toMatchObject({ code: 'authentication_required' });
  });
});

describe(addPeriods.name, () => {
  it("keeps Stripe's anchor day across short months", () => {
    const jan31 = Date.UTC(2026, 0, 31, 9, 30) / 1000;
    const iso = (n: number) => new Date(addPeriods(jan31, 'month', n) * 1000).toISOString();
    expect(iso(1)).toBe('2026-02-28T09:30:00.000Z');
    expect(iso(2)).toBe('2026-03-31T09:30:00.000Z');
    expect(iso(13)).toBe('2027-02-28T09:30:00.000Z');
    const leap = Date.UTC(2028, 1, 29) / 1000;
    expect(new Date(addPeriods(leap, 'year', 1) * 1000).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
