import jsQR from 'jsqr';
import sharp from 'sharp';
import { StoredContent, wifiPayload } from '@qrd/contracts';
import { scannerText } from '../i18n/scanner-language';
import { hostedPage } from './hosted-page';

const EN = scannerText('en');

const BASE = 'https://qr.example';
const PHOTO = '0b6e4a53-4f0b-4a8e-9a57-3c1f7b8f0a11';

async function decodeSvg(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe(hostedPage.name, () => {
  it('a contact card: every detail as a link, "Add to contacts" a plain link to the .vcf, the photo from our file address', () => {
    const card: StoredContent = {
      type: 'vcard',
      firstName: 'Zoë',
      lastName: 'Müller',
      company: 'Acme',
      phones: [{ label: 'mobile', number: '+49 170 1234567' }],
      emails: ['zoe@example.com'],
      website: 'https://example.com/zoe',
      photoFileId: PHOTO,
      files: { [PHOTO]: { id: PHOTO, fileName: 'me.jpg', contentType: 'image/jpeg', sizeBytes: 2000 } },
    };
    const sut = hostedPage(EN, 'AbC1234', card, BASE);
    expect(sut.status).toBe(200);
    expect(sut.headers['cache-control']).toBe('private, no-store');
    expect(sut.headers['content-length']).toBe(Buffer.byteLength(sut.body, 'utf8'));
    expect(sut.body).toContain('<h1 elementtiming="main">Zoë Müller</h1>');
    expect(sut.body).toContain('href="/api/public/pages/AbC1234/contact.vcf" download>');
    expect(sut.body).toContain('href="tel:+491701234567"');
    expect(sut.body).toContain('href="mailto:zoe@example.com"');
    expect(sut.body).toContain(`src="/api/public/pages/AbC1234/files/${PHOTO}?variant=avatar" alt="Photo of Zoë Müller"`);
    expect(sut.body).not.toMatch(/<script/i);
  });

  it('escapes whatever the owner typed and links only http(s) addresses', () => {
    const list: StoredContent = {
      type: 'links',
      title: '<script>alert(1)</script>',
      description: '"quoted" & <b>bold</b>',
      links: [
        { label: '<img src=x onerror=alert(1)>', url: 'https://example.com/?a="b"&c=<d>' },
        { label: 'Sneaky', url: 'javascript:alert(1)' },
      ],
    };
    const sut = hostedPage(EN, 'AbC1234', list, BASE);
    expect(sut.body).toContain('<h1 elementtiming="main">&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(sut.body).toContain('href="https://example.com/?a=&quot;b&quot;&amp;c=&lt;d&gt;"');
    expect(sut.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(sut.body).not.toContain('javascript:');
    expect(sut.body).not.toMatch(/<script|<img src=x|<b>/i);
  });

  it('a link list of twenty long links stays a small page', () => {
    const links = Array.from({ length: 20 }, (_, i) => ({ label: `Link number ${i} with a fairly long label`, url: `https://example.com/${'x'.repeat(200)}/${i}` }));
    const sut = hostedPage(EN, 'AbC1234', { type: 'links', title: 'Everything', links }, BASE);
    expect(Buffer.byteLength(sut.body)).toBeLessThan(15_000);
  });

  it('a file page: a PDF to open or download; a file no longer there is said so', () => {
    const id = PHOTO;
    const pdf = hostedPage(EN, 'AbC1234', { type: 'file', title: 'Menu', fileId: id, files: { [id]: { id, fileName: 'menu.pdf', contentType: 'application/pdf', sizeBytes: 2 * 1024 * 1024 } } }, BASE);
    expect(pdf.body).toContain('PDF document, 2.0 MB');
    expect(pdf.body).toContain(`href="/api/public/pages/AbC1234/files/${id}" download="menu.pdf"`);
    expect(hostedPage(EN, 'AbC1234', { type: 'file', fileId: id }, BASE).body).toContain('This file is not available any more.');
  });

  it('a Wi-Fi page: the join code is inline SVG that decodes to the WIFI: string; name and password shown to copy', async () => {
    const wifi = { type: 'wifi' as const, ssid: 'Café;Guests', security: 'WPA' as const, password: 'pass:word"1', hidden: false };
    const sut = hostedPage(EN, 'AbC1234', wifi, BASE);
    const svg = /<svg class="qr"[\s\S]*?<\/svg>/.exec(sut.body)?.[0] ?? '';
    expect(svg).toContain('aria-label="QR code to join the Wi-Fi network Café;Guests"');
    expect(await decodeSvg(svg)).toBe(wifiPayload(wifi));
    expect(sut.body).toContain('<dd class="copy">Café;Guests</dd>');
    expect(sut.body).toContain('<dd class="copy mono">pass:word&quot;1</dd>');
  });

  it("speaks the scanner's language: a Wi-Fi page in German and a contact card in Arabic, right to left", () => {
    const wifi: StoredContent = { type: 'wifi', ssid: 'Café {Gäste}', security: 'nopass', hidden: true, password: '' };
    const german = hostedPage(scannerText('de'), 'AbC1234', wifi, BASE).body;
    expect(german).toContain('<html lang="de" dir="ltr">');
    // The network's name is a value, never read as a message: its braces stay.
    expect(german).toContain('Mit „Café {Gäste}“ verbinden');
    expect(german).toContain('Offen (ohne Passwort), verborgenes Netzwerk');
    const card: StoredContent = { type: 'vcard', firstName: 'Layla', lastName: '', company: '', phones: [], emails: [], website: '', files: {} };
    const arabic = hostedPage(scannerText('ar'), 'AbC1234', card, BASE).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('إضافة إلى جهات الاتصال');
  });
});
