import { ResetRequestForm } from '../../features/password-reset/components/reset-request-form';
import { usePageTitle } from '../../hooks/use-page-title';

export default function ResetPasswordRequestRoute() {
  usePageTitle('Reset your password');
  return <ResetRequestForm />;
}
