import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/layout/full-screen-spinner';
import { useResetTokenCheck } from '../../features/password-reset/api/password-reset';
import { InvalidResetLink } from '../../features/password-reset/components/invalid-reset-link';
import { ResetPasswordForm } from '../../features/password-reset/components/reset-password-form';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';

export default function ResetPasswordRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.resetPassword.pageTitle', defaultMessage: 'Set a new password' }));
  const { token } = useParams();
  const check = useResetTokenCheck(token);

  if (!token) return <InvalidResetLink />;
  if (check.isPending) return <FullScreenSpinner />;
  // {valid: false} or a 404/410 answer: the link cannot be used. Any other failure (the API is
  // unreachable) still shows the form; submitting reports the problem.
  if (check.data?.valid === false || isApiError(check.error, 404) || isApiError(check.error, 410)) {
    return <InvalidResetLink />;
  }
  return <ResetPasswordForm token={token} />;
}
