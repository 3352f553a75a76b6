import { useIntl } from 'react-intl';
import { AuthPromoPanel } from '../../features/auth/components/auth-promo-panel';
import { AuthTabs } from '../../features/auth/components/auth-tabs';
import { usePageTitle } from '../../hooks/use-page-title';

export default function AuthRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.auth.pageTitle', defaultMessage: 'Sign up or log in' }));
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-2 lg:px-8">
      <div className="mx-auto flex w-full max-w-md items-start lg:max-w-none">
        <AuthTabs />
      </div>
      <div className="hidden lg:flex">
        <AuthPromoPanel />
      </div>
    </div>
  );
}
