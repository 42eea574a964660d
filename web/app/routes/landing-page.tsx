/**
 * `/`: the public landing page (000 §2), in the spec's order: navigation bar, hero, features,
 * benefits, testimonials, then the closing call to action and the footer (pricing sits just
 * before the call to action).
 */
import { BenefitsSection } from '@web/features/marketing/components/benefits-section';
import { ClosingCallToAction } from '@web/features/marketing/components/closing-call-to-action';
import { FeaturesSection } from '@web/features/marketing/components/features-section';
import { Hero } from '@web/features/marketing/components/hero';
import { PricingSection } from '@web/features/marketing/components/pricing-section';
import { PublicFooter } from '@web/features/marketing/components/public-footer';
import { PublicHeader } from '@web/features/marketing/components/public-header';
import { TestimonialsSection } from '@web/features/marketing/components/testimonials-section';
import { usePageTitle } from '@web/lib/page-title';

export function LandingPage() {
  usePageTitle();
  return (
    <>
      <PublicHeader />
      <main id="main" className="overflow-x-clip">
        <Hero />
        <FeaturesSection />
        <BenefitsSection />
        <TestimonialsSection />
        <PricingSection />
        <ClosingCallToAction />
      </main>
      <PublicFooter />
    </>
  );
}
