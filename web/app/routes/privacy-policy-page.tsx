/** `/privacy-policy` (000 §2): the public privacy policy. */
import { LegalPage } from '@web/features/marketing/components/legal-page';
import {
  PRIVACY_POLICY_TITLE,
  privacyPolicySections,
  privacyPolicySummary,
} from '@web/features/marketing/components/privacy-policy-content';
import { usePageTitle } from '@web/lib/page-title';
import { useIsInAppShell } from '../layout';

export function PrivacyPolicyPage() {
  usePageTitle(PRIVACY_POLICY_TITLE);
  const isInAppShell = useIsInAppShell();
  return (
    <LegalPage
      withPublicChrome={!isInAppShell}
      title={PRIVACY_POLICY_TITLE}
      summary={privacyPolicySummary}
      sections={privacyPolicySections}
    />
  );
}
