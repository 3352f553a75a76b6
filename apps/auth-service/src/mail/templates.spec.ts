import { contactMail, dataExportReadyMail, domainNoticeMail, passwordResetMail, webhookDisabledMail } from './templates';

describe('mail templates', () => {
  it('puts the reset link in both the text and the HTML part', () => {
    const link = 'http://localhost:8080/reset-password/abc_DEF-123';
    const sut = passwordResetMail('ann@example.com', 'ann', link);
    expect(sut.to).toBe('ann@example.com');
    expect(sut.text).toContain(link);
    expect(sut.html).toContain(`href="${link}"`);
    expect(sut.text).toMatch(/within one hour/);
  });

  it('escapes what a visitor typed into the contact form', () => {
    const sut = contactMail('support@example.com', {
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      message: '<script>alert(1)</script>',
    });
    expect(sut.subject).toBe('Contact form: Eve Bcc: victim@example.com');
    expect(sut.html).not.toContain('<script>');
    expect(sut.html).toContain('&lt;script&gt;');
    expect(sut.replyTo).toBe('eve@example.com');
  });

  it('tells the owner which webhook endpoint stopped and where to enable it, escaping the URL', () => {
    const url = 'https://shop.example.com/hooks?a=1&b=<2>';
    const sut = webhookDisabledMail('ann@example.com', 'ann', { url, failures: 5, accountUrl: 'http://localhost:8080/account?tab=webhooks' });
    expect(sut.subject).toBe('A webhook endpoint of your QR Dynamic account has been disabled');
    expect(sut.text).toContain(url);
    expect(sut.text).toContain('the last 5 events');
    expect(sut.html).toContain('https://shop.example.com/hooks?a=1&amp;b=&lt;2&gt;');
    expect(sut.html).toContain('href="http://localhost:8080/account?tab=webhooks"');
  });

  it('gives the export link, who may use it and until when, in both parts', () => {
    const download = 'http://localhost:8080/api/account/data-export/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/download';
    const sut = dataExportReadyMail('ann@example.com', 'ann<b>', { download, account: 'http://localhost:8080/account?tab=profile' }, new Date('2026-12-03T10:00:00Z'));
    expect(sut.subject).toBe('Your QR Dynamic data export is ready');
    expect(sut.text).toContain(download);
    expect(sut.html).toContain(`href="${download}"`);
    for (const part of [sut.text, sut.html]) {
      expect(part).toContain('the link works only for you');
      expect(part).toContain('Thu, 03 Dec 2026 10:00:00 GMT');
    }
    expect(sut.html).toContain('ann&lt;b&gt;');
  });

  it('tells a domain\'s managers what went wrong with it, until when its links work, and where to fix it', () => {
    const domainsUrl = 'http://localhost:8080/w/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/account?tab=domains';
    const notice = { hostname: 'qr.acme.com', reason: 'No TXT record <x> was found', disablesAt: new Date('2026-12-03T10:00:00Z'), byAdmin: false, domainsUrl };
    const soon = domainNoticeMail('ann@example.com', 'ann', { ...notice, state: 'misconfigured' });
    expect(soon.subject).toBe('Your custom domain qr.acme.com needs attention');
    expect(soon.text).toContain('keep working until Thu, 03 Dec 2026 10:00:00 GMT');
    expect(soon.html).toContain('No TXT record &lt;x&gt; was found');
    expect(soon.html).toContain(`href="${domainsUrl}"`);
    const admin = domainNoticeMail('ann@example.com', 'ann', { ...notice, state: 'disabled', reason: 'phishing', disablesAt: null, byAdmin: true });
    expect(admin.subject).toBe('Your custom domain qr.acme.com has been disabled');
    expect(admin.text).toContain('An administrator of QR Dynamic disabled your custom domain qr.acme.com: phishing');
  });
});
