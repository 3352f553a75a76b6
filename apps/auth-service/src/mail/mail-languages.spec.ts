import { formatMoney } from '@qrd/contracts';
import { weeklyReportMail } from '../weekly-report/weekly-report-mail';
import { billingMail } from './billing-templates';
import { confirmEmailMail, passwordResetMail, workspaceInvitationMail } from './templates';

const LINKS = { account: 'http://localhost:8080/account?tab=subscription', subscribe: 'http://localhost:8080/subscribe' };

describe('mail in the recipient\'s language', () => {
  it('words a mail in the account\'s language, its HTML marked with the language and its direction', () => {
    const de = confirmEmailMail('ann@example.com', 'ann', 'http://localhost:8080/confirm-email/abc', 'de');
    expect(de.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse für QR Dynamic');
    expect(de.text).toContain('Hallo ann,');
    expect(de.html).toContain('<html lang="de" dir="ltr">');
    expect(de.html).toContain('href="http://localhost:8080/confirm-email/abc"');

    const ar = passwordResetMail('ann@example.com', 'ann<b>', 'http://localhost:8080/reset-password/x', 'ar');
    expect(ar.subject).toBe('إعادة تعيين كلمة مرور QR Dynamic');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('ann&lt;b&gt;');
  });

  it('falls back to English for an account without a language, or with one the product does not speak', () => {
    for (const language of [null, undefined, 'xx', 'EN'] as never[]) {
      const sut = passwordResetMail('ann@example.com', 'ann', 'http://localhost:8080/reset-password/x', language);
      expect(sut.subject).toBe('Reset your QR Dynamic password');
      expect(sut.html).toContain('<html lang="en" dir="ltr">');
    }
  });

  it('formats money, dates and counts the reader\'s way, in the notice\'s currency', () => {
    const receipt = {
      kind: 'receipt' as const,
      userId: 'u1',
      invoiceNumber: 'QRD-2026-000007',
      issuedAt: '2026-03-05T10:00:00.000Z',
      totalCents: 123456,
      lines: [{ description: '2 × QR code', amountCents: 123456 }],
    };
    const fr = billingMail('ann@example.com', 'ann', receipt, LINKS, 'fr');
    expect(fr.subject).toBe(`Votre reçu QR Dynamic QRD-2026-000007 : ${formatMoney(123456, 'usd', 'fr')}`);
    expect(formatMoney(123456, 'usd', 'fr')).toMatch(/^1\s234,56\s\$US$/);
    expect(fr.text).toContain('le 5 mars 2026');
    const eur = billingMail('ann@example.com', 'ann', { ...receipt, currency: 'eur' } as typeof receipt, LINKS, 'de');
    expect(eur.text).toContain(`Vielen Dank für Ihre Zahlung von ${formatMoney(123456, 'eur', 'de')} am 5. März 2026`);
    expect(formatMoney(123456, 'eur', 'de')).toMatch(/^1\.234,56\s€$/);
    // A currency the product does not price in is read as US dollars.
    const odd = billingMail('ann@example.com', 'ann', { ...receipt, currency: 'xyz' } as typeof receipt, LINKS, 'en');
    expect(odd.subject).toBe('Your QR Dynamic receipt QRD-2026-000007: $1,234.56');

    const ja = billingMail('ann@example.com', 'ann', { kind: 'renewal-upcoming', userId: 'u', renewsAt: '2026-04-01T00:00:00.000Z', seats: 3, unitAmountCents: 3490, amountCents: 10470, card: 'visa ending in 4242' }, LINKS, 'ja');
    expect(ja.subject).toBe('QR Dynamic のサブスクリプションは2026年4月1日に更新されます');
    expect(ja.text).toContain('QR コード 3 件');
    expect(ja.text).toContain('末尾 4242 の visa');
  });

  it('agrees with the count in every language that has plural forms', () => {
    const one = billingMail('a@example.com', 'a', { kind: 'codes-restored', userId: 'u', seats: 1 }, LINKS, 'de');
    const three = billingMail('a@example.com', 'a', { kind: 'codes-restored', userId: 'u', seats: 3 }, LINKS, 'de');
    expect(one.text).toContain('Ihr 1 QR-Code leitet wieder weiter');
    expect(three.text).toContain('Ihre 3 QR-Codes leiten wieder weiter');
    const two = billingMail('a@example.com', 'a', { kind: 'payment-failed', userId: 'u', seats: 2, amountDueCents: 698 }, LINKS, 'ar');
    expect(two.text).toContain('لتجديد رمزَي QR');
  });

  it('writes the weekly report\'s figures in the reader\'s numbers', () => {
    const sut = weeklyReportMail(
      'ann@example.com',
      'ann',
      {
        from: '2026-11-16',
        to: '2026-11-22',
        timeZone: 'Europe/Berlin',
        scans: 1234,
        uniqueScans: 1000,
        previousScans: 1000,
        change: 23.4,
        topCodes: [{ name: 'Speisekarte', scans: 1, change: 'new' }],
        dashboardUrl: 'http://localhost:8080/dashboard?tab=analytics',
        unsubscribeUrl: 'http://localhost:8080/unsubscribe?token=t',
      },
      'de',
    );
    expect(sut.subject).toBe('Ihre QR-Codes diese Woche: 1.234 Scans');
    expect(sut.text).toContain('Ihre QR-Codes vom 16. Nov. 2026 bis 22. Nov. 2026 (Europe/Berlin):');
    expect(sut.text).toMatch(/Scans: 1\.234 \(\+23,4\s% gegenüber der Vorwoche; 1\.000 in der Vorwoche\)/);
    expect(sut.text).toContain('1. Speisekarte: 1 Scan (neu in dieser Woche)');
    expect(sut.headers).toEqual({ 'List-Unsubscribe': '<http://localhost:8080/unsubscribe?token=t>' });
  });

  it('names someone\'s personal workspace, and the role, in the invited person\'s language', () => {
    const sut = workspaceInvitationMail(
      'new@example.com',
      { inviter: 'bob', workspace: 'Personal', personalOf: 'bob', role: 'editor', link: 'http://localhost:8080/invitations/t', expiresAt: new Date('2026-12-03T10:00:00Z') },
      'es',
    );
    expect(sut.subject).toBe('bob te ha invitado a «espacio de trabajo de bob» en QR Dynamic');
    expect(sut.text).toContain('con el rol de editor');
    expect(sut.text).toContain('hasta el jueves, 3 de diciembre de 2026, 10:00:00 UTC');
  });
});
