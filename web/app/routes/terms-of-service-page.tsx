/** `/terms-of-service` (000 §2): the public terms of service. */
import { LegalPage } from '@web/features/marketing/components/legal-page';
import {
  TERMS_OF_SERVICE_TITLE,
  termsOfServiceSections,
  termsOfServiceSummary,
} from '@web/features/marketing/components/terms-of-service-content';
import { usePageTitle } from '@web/lib/page-title';
import { useIsInAppShell } from '../layout';

export function TermsOfServicePage() {
  usePageTitle(TERMS_OF_SERVICE_TITLE);
  const isInAppShell = useIsInAppShell();
  return (
    <LegalPage
      withPublicChrome={!isInAppShell}
      title={TERMS_OF_SERVICE_TITLE}
      summary={termsOfServiceSummary}
      sections={termsOfServiceSections}
    />
  );
}
