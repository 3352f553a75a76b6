import { onboardingSteps } from './onboarding-steps';

const completed = (state: Parameters<typeof onboardingSteps>[0]) =>
  Object.fromEntries(onboardingSteps(state).map((step) => [step.id, step.completed]));

describe(onboardingSteps.name, () => {
  it('marks every step done for a named user with a code and an active subscription', () => {
    expect(
      completed({ user: { firstName: 'Ada', lastName: 'Lovelace' }, codeCount: 2, subscriptionStatus: 'active' }),
    ).toEqual({ account: true, 'first-code': true, subscription: true });
  });

  it('needs both names, at least one code and an active (or trialing) subscription', () => {
    expect(completed({ user: { firstName: 'Ada', lastName: ' ' }, codeCount: 0, subscriptionStatus: 'past_due' })).toEqual({
      account: false,
      'first-code': false,
      subscription: false,
    });
    expect(completed({ user: { firstName: 'A', lastName: 'B' }, codeCount: 0, subscriptionStatus: 'trialing' }).subscription).toBe(true);
    expect(completed({ user: { firstName: null, lastName: null }, codeCount: 0, subscriptionStatus: null }).subscription).toBe(false);
  });

  it('leaves a step undecided while its data is unknown', () => {
    expect(completed({ user: undefined, codeCount: undefined, subscriptionStatus: undefined })).toEqual({
      account: null,
      'first-code': null,
      subscription: null,
    });
  });

  it('sends each step to its screen', () => {
    const steps = onboardingSteps({ user: null, codeCount: 0, subscriptionStatus: null });
    expect(steps.map((step) => step.action.to)).toEqual(['/account', '/create-qr', '/subscribe']);
  });
});
