import { useSearchParams } from 'react-router-dom';
import { UnsubscribeCard } from '../../features/analytics';
import { usePageTitle } from '../../hooks/use-page-title';

/** The link in a weekly report: works signed in or not. */
export default function UnsubscribeRoute() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  return <UnsubscribeCard token={params.get('token')} />;
}
