import { TermsContent } from '../../features/marketing/components/terms-content';
import { usePageTitle } from '../../hooks/use-page-title';

export default function TermsRoute() {
  usePageTitle('Terms of Service', 'The terms of QR Dynamic: per-code pricing, billing, cancellation and acceptable use.');
  return <TermsContent />;
}
