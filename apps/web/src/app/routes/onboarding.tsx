import { FormattedMessage, useIntl } from 'react-intl';
import { OnboardingChecklist } from '../../features/onboarding';
import { usePageTitle } from '../../hooks/use-page-title';
import { useUser } from '../../lib/auth';

export default function OnboardingRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'account.onboardingRoute.title', defaultMessage: 'Getting started' }));
  const { data: user } = useUser();
  // RequireAuth renders this route only with a user.
  if (!user) return null;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">
          {user.firstName ? (
            <FormattedMessage id="account.onboardingRoute.welcomeName" defaultMessage="Welcome, {name}" values={{ name: user.firstName }} />
          ) : (
            <FormattedMessage id="account.onboardingRoute.welcome" defaultMessage="Welcome" />
          )}
        </h1>
        <p className="mt-2 text-muted-foreground">
          <FormattedMessage id="account.onboardingRoute.intro" defaultMessage="Three steps to your first working dynamic QR code." />
        </p>
      </header>
      <OnboardingChecklist user={user} />
    </div>
  );
}
