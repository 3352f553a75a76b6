import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBillingConfig } from '../../testing/fixtures';
import { installFetchStub, ok } from '../../testing/fetch-stub';
import { renderWithApp } from '../../testing/render';
import { Footer } from './footer';

describe(Footer.name, () => {
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  it('links only to the profiles the site is configured with', async () => {
    installFetchStub().on(
      'GET /api/config',
      ok(aBillingConfig({ socialLinks: [{ network: 'linkedin', url: 'https://www.linkedin.com/company/qrdynamic' }] })),
    );
    renderWithApp(<Footer />);

    const follow = await screen.findByRole('list', { name: 'Follow us' });
    expect(within(follow).getAllByRole('link')).toHaveLength(1);
    expect(within(follow).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/company/qrdynamic');
  });

  it('shows no social links at all when none are configured', async () => {
    const server = installFetchStub().on('GET /api/config', ok(aBillingConfig({ socialLinks: [] })));
    renderWithApp(<Footer />);

    await screen.findByText(/All rights reserved/);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.calls('GET /api/config')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Follow us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Twitter|Facebook|LinkedIn/ })).not.toBeInTheDocument();
  });

  it('shows the page in the language chosen in its switcher, and remembers it', async () => {
    installFetchStub().on('GET /api/config', ok(aBillingConfig({ socialLinks: [] })));
    renderWithApp(<Footer />);
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');

    expect(await screen.findByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('navigation', { name: 'Rechtliches' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem('qrd.language')).toBe('de');
  });
});
