import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authKeys } from '../../../lib/auth';
import { aUser } from '../../../testing/fixtures';
import { installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { LanguageCard } from './language-card';

describe('LanguageCard', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
  });

  it('shows the language the app is in, and stores a new choice on the account', async () => {
    const server = installFetchStub().on('PATCH /api/profile', (request) => ok({ ...aUser(), language: request.body.language ?? null }));
    const app = renderWithApp(<LanguageCard />);
    app.queryClient.setQueryData(authKeys.user(), { ...aUser(), language: 'en' });
    const user = userEvent.setup();

    const section = screen.getByRole('region', { name: 'Language' });
    expect(within(section).getByText(/also the language of the emails we send to your account/)).toBeInTheDocument();
    const select = within(section).getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(within(select).getByRole('option', { name: 'English' })).toHaveProperty('selected', true);

    await user.selectOptions(select, 'Deutsch');

    await waitFor(() => expect(server.calls('PATCH /api/profile')).toHaveLength(1));
    expect(server.calls('PATCH /api/profile')[0].body).toEqual({ language: 'de' });
    await waitFor(() => expect(select).toHaveValue('de'));
    // The screen is in German at once, from the German catalogue.
    expect(await screen.findByText(/In dieser Sprache erhalten Sie auch die E-Mails an Ihr Konto/)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    await waitFor(() => expect(app.queryClient.getQueryData(authKeys.user())).toMatchObject({ language: 'de' }));
  });
});
