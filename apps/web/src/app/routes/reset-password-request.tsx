import { useIntl } from 'react-intl';
import { ResetRequestForm } from '../../features/password-reset/components/reset-request-form';
import { usePageTitle } from '../../hooks/use-page-title';

export default function ResetPasswordRequestRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.resetRequest.pageTitle', defaultMessage: 'Reset your password' }));
  return <ResetRequestForm />;
}
