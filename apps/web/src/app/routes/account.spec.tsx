import { ErrorCode, type UserView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aDomain, anAccountAnalytics, aUser } from '../../testing/fixtures';
import { deferred, fail, installFetchStub, noContent, ok, type FetchStub, type Reply } from '../../testing/fetch-stub';
import { renderWithApp } from '../../testing/render';
import AccountRoute from './account';

function renderAccount(tab?: 'security' | 'analytics' | 'domains') {
  return renderWithApp(<AccountRoute />, { path: `/account${tab ? `?tab=${tab}` : ''}` });
}

describe('AccountRoute', () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/auth/user', ok(aUser({ firstName: 'Ada', lastName: null })))
      // The Profile tab also shows "Your data" (no export yet).
      .on('GET /api/account/data-export', ok({ export: null }));
  });

  describe('Profile', () => {
    it("shows the profile read-only, with 'Not set' for a missing name", async () => {
      renderAccount();

      const tab = await screen.findByRole('tabpanel', { name: 'Profile' });
      expect(within(tab).getByText('Ada')).toBeInTheDocument();
      expect(within(tab).getByText('Not set')).toBeInTheDocument();
      expect(within(tab).getByText('ada@example.com')).toBeInTheDocument();
      expect(within(tab).queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('shows the validation messages and sends nothing while the form is invalid', async () => {
      renderAccount();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));

      await user.clear(screen.getByLabelText('Username'));
      await user.type(screen.getByLabelText('Username'), 'ab');
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'nope');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
      expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
      expect(server.calls('PATCH /api/profile')).toHaveLength(0);
    });

    it('saves the profile, says so, and shows the new details', async () => {
      const saved = deferred<Reply<UserView>>();
      server.on('PATCH /api/profile', () => saved.promise);
      renderAccount();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));

      await user.type(screen.getByLabelText('Last name'), ' Lovelace ');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled());
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(server.calls('PATCH /api/profile')[0].body).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        username: 'ada',
      });
      saved.resolve(ok(aUser({ firstName: 'Ada', lastName: 'Lovelace' })));

      expect(await screen.findByText('Profile updated')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
      expect(within(screen.getByRole('tabpanel', { name: 'Profile' })).getByText('Lovelace')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    });

    it('keeps the form open with the server’s message under the field when saving fails', async () => {
      const taken = 'That email is already in use';
      server.on('PATCH /api/profile', fail(409, { code: ErrorCode.Conflict, message: taken, fields: { email: taken } }));
      renderAccount();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'grace@example.com');

      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(taken);
      expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    });

    it('asks for the current password only when the username or email changes, and sends it', async () => {
      server.on('PATCH /api/profile', ok(aUser({ firstName: 'Ada', lastName: null, username: 'ada_l' })));
      renderAccount();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

      await user.type(screen.getByLabelText('Username'), '_l');
      await user.type(await screen.findByLabelText('Current password'), 'correct-horse');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Profile updated')).toBeInTheDocument();
      expect(server.calls('PATCH /api/profile')[0].body).toEqual({
        firstName: 'Ada',
        lastName: '',
        email: 'ada@example.com',
        username: 'ada_l',
        currentPassword: 'correct-horse',
      });
    });

    it('shows a wrong current password under its field and keeps the form open', async () => {
      const wrong = 'Current password is incorrect';
      server.on('PATCH /api/profile', fail(400, { code: ErrorCode.Validation, message: wrong, fields: { currentPassword: wrong } }));
      renderAccount();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'grace@example.com');
      await user.type(screen.getByLabelText('Current password'), 'not-it');

      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(wrong));
      expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    });

    it('says to check the inbox after an email change, and keeps showing the old address until it is confirmed', async () => {
      server.on('PATCH /api/profile', ok(aUser({ firstName: 'Ada', lastName: null, pendingEmail: 'grace@example.com' })));
      renderAccount();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'grace@example.com');
      await user.type(screen.getByLabelText('Current password'), 'correct-horse');

      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
      const notice = (await screen.findByText('Check your inbox to confirm your new email')).closest('[role="status"]');
      expect(notice).toHaveTextContent('Check your inbox to confirm your new email');
      expect(notice).toHaveTextContent('We sent a link to grace@example.com. Until you open it, ada@example.com stays your sign-in and password-reset address.');
      expect(within(screen.getByRole('tabpanel', { name: 'Profile' })).getAllByText('ada@example.com').length).toBeGreaterThan(0);
    });

    it('cancels a pending email change', async () => {
      server.on('GET /api/auth/user', ok(aUser({ pendingEmail: 'grace@example.com' })));
      server.on('DELETE /api/email-change', ok(aUser({ pendingEmail: null })));
      renderAccount();
      const user = userEvent.setup();
      expect(await screen.findByText('Check your inbox to confirm your new email')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Cancel change' }));

      expect(await screen.findByText('Email change cancelled')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Check your inbox to confirm your new email')).not.toBeInTheDocument());
      expect(server.calls('DELETE /api/email-change')).toHaveLength(1);
    });

    it('leaves the profile as it was on Cancel', async () => {
      renderAccount();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      await user.type(screen.getByLabelText('First name'), 'Augusta ');

      await user.click(screen.getByRole('button', { name: 'Cancel' }));

      expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
      expect(screen.queryByText('Augusta Ada')).not.toBeInTheDocument();
      expect(server.calls('PATCH /api/profile')).toHaveLength(0);
    });
  });

  describe('Security', () => {
    it('shows the change-password validation messages', async () => {
      renderAccount('security');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Change Password' }));

      expect(await screen.findByText('Current password is required')).toBeInTheDocument();
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password must be at least 8 characters');

      await user.type(screen.getByLabelText('Current password'), 'old-password');
      await user.type(screen.getByLabelText('New password'), 'new-password-1');
      await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');

      expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
      expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
      expect(server.calls('POST /api/change-password')).toHaveLength(0);
    });

    it('shows a wrong current password under its field', async () => {
      const wrong = 'Current password is incorrect';
      server.on('POST /api/change-password', fail(400, { code: ErrorCode.Validation, message: wrong, fields: { currentPassword: wrong } }));
      renderAccount('security');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Current password'), 'not-it');
      await user.type(screen.getByLabelText('New password'), 'new-password-1');
      await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');

      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(wrong);
    });

    it('changes the password, empties the form and reads the session again', async () => {
      server.on('POST /api/change-password', noContent());
      renderAccount('security');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Current password'), 'old-password');
      await user.type(screen.getByLabelText('New password'), 'new-password-1');
      await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');

      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      expect(await screen.findByText('Password changed')).toBeInTheDocument();
      expect(screen.getByLabelText('Current password')).toHaveValue('');
      expect(screen.getByLabelText('New password')).toHaveValue('');
      expect(server.calls('POST /api/change-password')[0].body).toEqual({
        currentPassword: 'old-password',
        newPassword: 'new-password-1',
        confirmNewPassword: 'new-password-1',
      });
      await waitFor(() => expect(server.calls('GET /api/auth/user')).toHaveLength(2));
    });
  });

  describe('Analytics', () => {
    beforeEach(() => {
      server.on('GET /api/weekly-report', ok({ enabled: false, timeZone: 'UTC' }));
      server.on('GET /api/analytics/settings', ok({ euPrivacy: false }));
    });

    it('turns the EU privacy mode on for the workspace', async () => {
      server.on('GET /api/analytics', ok(anAccountAnalytics()));
      server.on('PUT /api/analytics/settings', ok({ euPrivacy: true }));
      renderAccount('analytics');
      const toggle = await screen.findByRole('switch', { name: 'EU privacy mode' });
      expect(toggle).not.toBeChecked();
      await userEvent.setup().click(toggle);
      await waitFor(() => expect(screen.getByRole('switch', { name: 'EU privacy mode' })).toBeChecked());
      expect(server.calls('PUT /api/analytics/settings')[0].body).toEqual({ euPrivacy: true });
    });

    it('turns the weekly report on and says when the first one comes', async () => {
      server.on('GET /api/analytics', ok(anAccountAnalytics()));
      server.on('PUT /api/weekly-report', ok({ enabled: true, timeZone: 'America/New_York' }));
      renderAccount('analytics');
      const user = userEvent.setup();

      const toggle = await screen.findByRole('switch', { name: 'Weekly report by email' });
      expect(toggle).not.toBeChecked();
      await user.click(toggle);

      expect(await screen.findByRole('status')).toHaveTextContent('The weekly report is on: the first one comes next Monday.');
      // Its weeks are the viewer's, as their charts are.
      expect(server.calls('PUT /api/weekly-report')[0].body).toEqual({ enabled: true, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
      const toggled = screen.getByRole('switch', { name: 'Weekly report by email' });
      expect(toggled).toBeChecked();
      expect(toggled).toHaveAccessibleDescription(/Weeks run Monday to Sunday in America\/New York\.$/);
    });

    it("shows the account's figures", async () => {
      server.on('GET /api/analytics', ok(anAccountAnalytics({ totalScans: 1307, qrCodes: 12, lastMonth: 421, lastScan: null })));
      renderAccount('analytics');

      expect(await screen.findByRole('group', { name: 'Total Scans' })).toHaveTextContent('1,307');
      expect(screen.getByRole('group', { name: 'QR Codes' })).toHaveTextContent('12');
      expect(screen.getByRole('group', { name: 'Recent Scans' })).toHaveTextContent('421');
      expect(screen.getByRole('group', { name: 'Last Scan' })).toHaveTextContent('Never');
      expect(server.calls('GET /api/analytics')[0].query.get('tz')).toBeTruthy();
    });

    it('says when the figures cannot be loaded and reads them again on request', async () => {
      server.on('GET /api/analytics', fail(503, { code: ErrorCode.Unavailable, message: 'Analytics are not answering' }));
      renderAccount('analytics');
      const user = userEvent.setup();

      expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your analytics.');

      server.on('GET /api/analytics', ok(anAccountAnalytics()));
      await user.click(screen.getByRole('button', { name: 'Try again' }));

      expect(await screen.findByRole('group', { name: 'Total Scans' })).toHaveTextContent('1,307');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('Domains', () => {
    it('opens the Domains tab by ?tab=domains, its code loaded when it is shown', async () => {
      server.on('GET /api/domains', ok([aDomain()]));
      renderAccount('domains');

      const tab = await screen.findByRole('tabpanel', { name: 'Domains' });
      expect(await within(tab).findByRole('listitem', { name: 'qr.acme.com' })).toHaveTextContent('Pending');
    });

    it('is one of the tabs, and choosing it puts it in the address', async () => {
      server.on('GET /api/domains', ok([]));
      const sut = renderAccount();
      await userEvent.setup().click(await screen.findByRole('tab', { name: 'Domains' }));

      expect(await screen.findByText('No custom domains yet')).toBeInTheDocument();
      expect(sut.search()).toBe('?tab=domains');
    });
  });
});
