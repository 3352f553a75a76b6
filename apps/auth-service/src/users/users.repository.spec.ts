import { uniqueViolationField } from './users.repository';

describe(uniqueViolationField.name, () => {
  it('names the field whose unique index refused a write', () => {
    expect(uniqueViolationField({ driverError: { code: '23505', constraint: 'users_username_key' } })).toBe('username');
    expect(uniqueViolationField({ code: '23505', constraint: 'users_email_key' })).toBe('email');
  });

  it('ignores other database errors', () => {
    expect(uniqueViolationField({ code: '23503', constraint: 'users_email_key' })).toBeNull();
    expect(uniqueViolationField(new Error('connection lost'))).toBeNull();
  });
});
