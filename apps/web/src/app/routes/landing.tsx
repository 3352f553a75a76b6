import { FaqSection, FeaturesSection, PricingSection } from '../../features/landing/components/landing-sections';
import { Hero } from '../../features/landing/components/hero';
import { usePageTitle } from '../../hooks/use-page-title';

export default function LandingRoute() {
  usePageTitle();
  return (
    <>
      <Hero />
      <FeaturesSection />
      <PricingSection />
      <FaqSection />
    </>
  );
}
