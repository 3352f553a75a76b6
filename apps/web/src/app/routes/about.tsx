import { AboutContent } from '../../features/marketing/components/about-content';
import { usePageTitle } from '../../hooks/use-page-title';

export default function AboutRoute() {
  usePageTitle('About', 'Who makes QR Dynamic, why, and how we keep dynamic QR codes fast, private and cheap.');
  return <AboutContent />;
}
