import { PrivacyContent } from '../../features/marketing/components/privacy-content';
import { usePageTitle } from '../../hooks/use-page-title';

export default function PrivacyRoute() {
  usePageTitle(
    'Privacy Policy',
    'What QR Dynamic stores and shares: no raw IP addresses of scanners, daily-salted visitor ids, what Stripe receives, and how long we keep data.',
  );
  return <PrivacyContent />;
}
