import { useIntl } from 'react-intl';
import { PrivacyContent } from '../../features/marketing/components/privacy-content';
import { usePageTitle } from '../../hooks/use-page-title';

export default function PrivacyRoute() {
  const intl = useIntl();
  usePageTitle(
    intl.formatMessage({ id: 'site.privacy.pageTitle', defaultMessage: 'Privacy Policy' }),
    intl.formatMessage({
      id: 'site.privacy.pageDescription',
      defaultMessage:
        'What QR Dynamic stores and shares: no raw IP addresses of scanners, daily-salted visitor ids, what Stripe receives, and how long we keep data.',
    }),
  );
  return <PrivacyContent />;
}
