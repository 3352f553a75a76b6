import { useIntl } from 'react-intl';
import { AccountHeader } from '../../features/account/components/account-header';
import { AccountTabs } from '../../features/account/components/account-tabs';
import { usePageTitle } from '../../hooks/use-page-title';
import { useUser } from '../../lib/auth';

export default function AccountRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'account.route.title', defaultMessage: 'Account' }));
  const { data: user } = useUser();
  // RequireAuth renders this route only with a user; the check keeps the types honest.
  if (!user) return null;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <AccountHeader user={user} />
      <AccountTabs user={user} />
    </div>
  );
}
