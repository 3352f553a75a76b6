import { AUTH_TABS, authHref, paths, pickTab, sectionHref } from './paths';

describe(pickTab.name, () => {
  it('accepts a known tab in any case and falls back otherwise', () => {
    expect(pickTab('signup', AUTH_TABS, 'login')).toBe('signup');
    expect(pickTab(' SignUp ', AUTH_TABS, 'login')).toBe('signup');
    expect(pickTab('admin', AUTH_TABS, 'login')).toBe('login');
    expect(pickTab(null, AUTH_TABS, 'login')).toBe('login');
  });
});

describe('route paths', () => {
  it('sends /signup to the Sign Up tab and /login to plain /auth', () => {
    expect(authHref('signup')).toBe('/auth?tab=signup');
    expect(authHref('login')).toBe('/auth');
  });

  it('links landing sections through the landing page', () => {
    expect(sectionHref('pricing')).toBe('/#pricing');
  });

  it('encodes ids and tokens', () => {
    expect(paths.resetPassword('a/b c')).toBe('/reset-password/a%2Fb%20c');
    expect(paths.editQr('42')).toBe('/edit-qr/42');
  });
});
