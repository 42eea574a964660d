/**
 * `/api-reference`: the API described for people who script their garage. Public like the legal
 * pages: visitors see the public header and footer, a signed-in user sees it inside the shell (D39).
 */
import { PRODUCT_NAME } from '@contract/product';
import { ApiReference } from '@web/features/api-reference/components/api-reference';
import { PublicPageFrame } from '@web/features/marketing/components/public-page-frame';
import { usePageTitle } from '@web/lib/page-title';
import { useIsInAppShell } from '../layout';

export const API_REFERENCE_TITLE = 'API Reference';

export function ApiReferencePage() {
  usePageTitle(API_REFERENCE_TITLE);
  return (
    <PublicPageFrame
      title={API_REFERENCE_TITLE}
      withPublicChrome={!useIsInAppShell()}
      intro={
        <p className="mt-4 max-w-3xl text-lg leading-8 text-pretty text-muted-foreground">
          Script your garage: everything the {PRODUCT_NAME} app does goes through this JSON API, and
          your scripts can call it the same way with your own account.
        </p>
      }
    >
      <ApiReference />
    </PublicPageFrame>
  );
}
