import { getDisplayName, getInitials, isAdmin } from './user';

describe(getInitials.name, () => {
  it('uses the first letters of first and last name', () => {
    expect(getInitials({ firstName: 'ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('AL');
  });

  it("falls back to the email's first letter, uppercased, when a name is missing", () => {
    expect(getInitials({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('A');
    expect(getInitials({ firstName: '  ', lastName: 'Lovelace', email: 'zed@example.com' })).toBe('Z');
  });

  it("is 'U' when nothing is known", () => {
    expect(getInitials({ firstName: null, lastName: null, email: '' })).toBe('U');
    expect(getInitials(null)).toBe('U');
  });
});

describe(getDisplayName.name, () => {
  it('prefers the full name, else the username', () => {
    expect(getDisplayName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(getDisplayName({ firstName: 'Ada', lastName: null, username: 'ada' })).toBe('Ada');
    expect(getDisplayName({ firstName: null, lastName: '', username: 'ada' })).toBe('ada');
  });
});

describe(isAdmin.name, () => {
  it('is true for admin and superadmin only', () => {
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isAdmin({ role: 'superadmin' })).toBe(true);
    expect(isAdmin({ role: 'user' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
