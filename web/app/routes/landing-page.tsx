/** `/`: the public landing page (000 §2). */
import { Hero } from '@web/features/marketing/components/hero';
import { usePageTitle } from '@web/lib/page-title';

export function LandingPage() {
  usePageTitle();
  return (
    <main>
      <Hero />
    </main>
  );
}
