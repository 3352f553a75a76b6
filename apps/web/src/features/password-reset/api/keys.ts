/** Reset-link checks, one per token. */
export const passwordResetKeys = {
  all: ['password-reset'] as const,
  token: (token: string | undefined) => [...passwordResetKeys.all, token] as const,
};
