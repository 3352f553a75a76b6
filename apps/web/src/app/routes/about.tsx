import { useIntl } from 'react-intl';
import { AboutContent } from '../../features/marketing/components/about-content';
import { usePageTitle } from '../../hooks/use-page-title';

export default function AboutRoute() {
  const intl = useIntl();
  usePageTitle(
    intl.formatMessage({ id: 'site.about.pageTitle', defaultMessage: 'About' }),
    intl.formatMessage({
      id: 'site.about.pageDescription',
      defaultMessage: 'Who makes QR Dynamic, why, and how we keep dynamic QR codes fast, private and cheap.',
    }),
  );
  return <AboutContent />;
}
