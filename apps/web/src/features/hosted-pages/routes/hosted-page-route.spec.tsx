import { ErrorCode, type PublicPage } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { HostedPageRoute } from './hosted-page-route';

function renderPage(slug = 'abc1234') {
  return renderWithApp(<HostedPageRoute />, { path: `/p/${slug}`, route: '/p/:slug' });
}

const wifi: PublicPage = {
  slug: 'abc1234',
  content: { type: 'wifi', ssid: 'Café Guests', security: 'WPA', password: 'espresso-42', hidden: false },
  files: {},
  vcardUrl: null,
};

describe(HostedPageRoute.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub();
  });

  it('shows a Wi-Fi network with its join code, and copies the password', async () => {
    server.on('GET /api/public/pages/:slug', ok(wifi));
    // user-event gives the page a clipboard of its own, which the test reads back.
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Join “Café Guests”' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code to join the Wi-Fi network Café Guests' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('espresso-42');
    expect(await screen.findByRole('button', { name: 'password copied' })).toBeInTheDocument();
  });

  it('offers a contact card with Add to contacts', async () => {
    server.on(
      'GET /api/public/pages/:slug',
      ok({
        slug: 'abc1234',
        content: { type: 'vcard', firstName: 'Ada', lastName: 'Lovelace', phones: [{ label: 'mobile', number: '+44 20 7946 0958' }], emails: ['ada@example.com'] },
        files: {},
        vcardUrl: '/api/public/pages/abc1234/contact.vcf',
      }),
    );
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to contacts' })).toHaveAttribute('href', '/api/public/pages/abc1234/contact.vcf');
    expect(screen.getByRole('link', { name: /\+44 20 7946 0958/ })).toHaveAttribute('href', 'tel:+442079460958');
  });

  it('says when the code is not active', async () => {
    server.on('GET /api/public/pages/:slug', fail(410, { code: ErrorCode.Gone, message: 'This QR code is not active' }));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'This QR code is not active' })).toBeInTheDocument();
  });
});
