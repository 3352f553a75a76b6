import { registerDecorator } from 'class-validator';

/** The password a scanner gives before a password-protected code redirects. */

export const CODE_PASSWORD_MIN = 4;
export const CODE_PASSWORD_MAX = 128;

/** Why a code's password cannot be used, or null (null itself removes the password). */
export function codePasswordProblem(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || value.length < CODE_PASSWORD_MIN || value.length > CODE_PASSWORD_MAX) {
    return `The password must have ${CODE_PASSWORD_MIN} to ${CODE_PASSWORD_MAX} characters`;
  }
  return null;
}

export function IsCodePassword() {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'codePassword',
      target: target.constructor,
      propertyName,
      options: { message: (args) => codePasswordProblem(args.value) ?? 'Invalid password' },
      validator: { validate: (value: unknown) => codePasswordProblem(value) === null },
    });
  };
}
