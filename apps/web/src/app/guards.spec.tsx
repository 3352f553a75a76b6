import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { aUser } from '../testing/fixtures';
import { installFetchStub, ok } from '../testing/fetch-stub';
import { renderWithApp } from '../testing/render';
import { RequireAdmin } from './guards';

function renderAdminArea() {
  return renderWithApp(
    <Routes>
      <Route element={<RequireAdmin />}>
        <Route path="/admin" element={<p>Admin page</p>} />
      </Route>
    </Routes>,
    { path: '/admin', route: '/*' },
  );
}

describe(RequireAdmin.name, () => {
  it('asks an admin who must use two-factor sign-in to set it up first (REQUIRE_ADMIN_2FA)', async () => {
    installFetchStub().on('GET /api/auth/user', ok(aUser({ role: 'admin', twoFactorRequired: true })));
    renderAdminArea();

    expect(await screen.findByRole('heading', { name: 'Turn on two-factor sign-in first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute('href', '/account?tab=security');
    expect(screen.queryByText('Admin page')).not.toBeInTheDocument();
  });

  it('lets an admin with two-factor sign-in in', async () => {
    installFetchStub().on('GET /api/auth/user', ok(aUser({ role: 'admin', twoFactorEnabled: true })));
    renderAdminArea();
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
  });
});
