import { ChangePasswordDto, LoginDto, PasswordResetDto, RegisterDto } from '@qrd/contracts';
import { validateForm } from './form';

describe(validateForm.name, () => {
  it("returns the server's messages per field", async () => {
    await expect(validateForm(LoginDto, { username: '', password: '' })).resolves.toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    await expect(
      validateForm(RegisterDto, { username: 'ab', email: 'nope', password: 'short', billingInterval: 'monthly' }),
    ).resolves.toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('checks confirmations against the other field', async () => {
    const errors = await validateForm(ChangePasswordDto, {
      currentPassword: 'old',
      newPassword: 'longenough1',
      confirmNewPassword: 'different1',
    });
    expect(errors).toEqual({ confirmNewPassword: "Passwords don't match" });
  });

  it('passes valid values', async () => {
    await expect(
      validateForm(PasswordResetDto, { token: 't', password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }),
    ).resolves.toEqual({});
  });
});
