import { useIntl } from 'react-intl';
import { TermsContent } from '../../features/marketing/components/terms-content';
import { usePageTitle } from '../../hooks/use-page-title';

export default function TermsRoute() {
  const intl = useIntl();
  usePageTitle(
    intl.formatMessage({ id: 'site.terms.pageTitle', defaultMessage: 'Terms of Service' }),
    intl.formatMessage({
      id: 'site.terms.pageDescription',
      defaultMessage: 'The terms of QR Dynamic: per-code pricing, billing, cancellation and acceptable use.',
    }),
  );
  return <TermsContent />;
}
