import { ClosingCta } from '../../features/landing/components/closing-cta';
import { FaqSection } from '../../features/landing/components/faq-section';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorksSection } from '../../features/landing/components/how-it-works-section';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { UseCasesSection } from '../../features/landing/components/use-cases-section';
import { usePageTitle } from '../../hooks/use-page-title';

export default function LandingRoute() {
  usePageTitle();
  return (
    <>
      <Hero />
      <UseCasesSection />
      <FeaturesSection />
      <HowItWorksSection />
      <PricingSection />
      <FaqSection />
      <ClosingCta />
    </>
  );
}
