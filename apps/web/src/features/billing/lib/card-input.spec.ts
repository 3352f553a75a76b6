import { formatCardNumber, formatCvc, formatExpiry } from './card-input';

describe('card input', () => {
  it('groups the card number by four digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
  });

  it('writes the expiry as MM / YY and lets the separator be deleted', () => {
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('1234', '')).toBe('12 / 34');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
    expect(formatCvc('12a34')).toBe('1234');
  });
});
