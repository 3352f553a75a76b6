/** The billing feature's cached answers; codes and onboarding read the subscription through these keys. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
};
