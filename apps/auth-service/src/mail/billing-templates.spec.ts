import { billingMail } from './billing-templates';

const LINKS = { account: 'http://localhost:8080/account?tab=subscription', subscribe: 'http://localhost:8080/subscribe' };

describe(billingMail.name, () => {
  it('words a receipt with its credit line and escapes the lines in HTML', () => {
    const sut = billingMail('ann@example.com', 'ann', {
      kind: 'receipt',
      userId: 'u1',
      invoiceNumber: 'QRD-2026-000007',
      issuedAt: '2026-03-05T10:00:00.000Z',
      totalCents: 6468,
      lines: [
        { description: 'Unused time on 2 × QR code <b>', amountCents: -512 },
        { description: '2 × QR code (at $34.90 / year)', amountCents: 6980 },
      ],
    }, LINKS);
    expect(sut.subject).toBe('Your QR Dynamic receipt QRD-2026-000007: $64.68');
    expect(sut.text).toContain('Thank you for your payment of $64.68 on Mar 5, 2026 (invoice QRD-2026-000007).');
    expect(sut.text).toContain('Unused time on 2 × QR code <b>: -$5.12\n2 × QR code (at $34.90 / year): $69.80');
    expect(sut.html).toContain('&lt;b&gt;');
    expect(sut.html).toContain(`href="${LINKS.account}"`);
  });

  it('agrees with the number of codes', () => {
    const one = billingMail('a@example.com', 'a', { kind: 'codes-restored', userId: 'u', seats: 1 }, LINKS);
    const three = billingMail('a@example.com', 'a', { kind: 'cancellation-confirmed', userId: 'u', seats: 3, endsAt: '2026-04-01T00:00:00.000Z' }, LINKS);
    expect(one.text).toContain('your 1 QR code redirects again');
    expect(three.text).toContain('Your 3 QR codes keep working until Apr 1, 2026');
  });
});
