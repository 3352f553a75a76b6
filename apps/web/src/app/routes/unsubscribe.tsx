import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { UnsubscribeCard } from '../../features/analytics';
import { usePageTitle } from '../../hooks/use-page-title';

/** The link in a weekly report: works signed in or not. */
export default function UnsubscribeRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.unsubscribe.pageTitle', defaultMessage: 'Unsubscribe' }));
  const [params] = useSearchParams();
  return <UnsubscribeCard token={params.get('token')} />;
}
