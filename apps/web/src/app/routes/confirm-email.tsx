import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { ConfirmEmailCard } from '../../features/account/components/confirm-email-card';
import { usePageTitle } from '../../hooks/use-page-title';

export default function ConfirmEmailRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.confirmEmail.pageTitle', defaultMessage: 'Confirm your new email' }));
  const { token } = useParams();
  return <ConfirmEmailCard token={token} />;
}
