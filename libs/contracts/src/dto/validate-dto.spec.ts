import { LoginDto, PasswordResetDto, RegisterDto } from './auth.dto';
import { validateDto } from './validate-dto';

describe(validateDto.name, () => {
  it('reports the rule written first when several fail', async () => {
    const errors = await validateDto(PasswordResetDto, { token: 't', password: 'abc', confirmPassword: 'abc' });
    expect(errors.password).toBe('Password must be at least 8 characters');
  });

  it('reports each missing character class in the order the rules are written', async () => {
    expect((await validateDto(PasswordResetDto, { token: 't', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).password).toBe(
      'Password must contain at least one uppercase letter',
    );
    expect((await validateDto(PasswordResetDto, { token: 't', password: 'Abcdefgh', confirmPassword: 'Abcdefgh' })).password).toBe(
      'Password must contain at least one number',
    );
  });

  it('checks that the confirmation matches', async () => {
    const errors = await validateDto(PasswordResetDto, { token: 't', password: 'Abcdefg1', confirmPassword: 'Abcdefg2' });
    expect(errors).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('gives the spec messages for login and signup', async () => {
    expect(await validateDto(LoginDto, { username: '', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    const signup = await validateDto(RegisterDto, { username: 'ab', email: 'nope', password: 'short' });
    expect(signup).toMatchObject({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });
});
