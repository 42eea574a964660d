/** `/account/imports/{id}`: an import's preview, then what it added (Account Settings › Data). */
import { IMPORT_TEXTS } from '@contract/imports';
import { parseRouteId } from '@contract/pages';
import { ImportPreviewScreen } from '@web/features/imports/components/import-preview';
import { usePageTitle } from '@web/lib/page-title';
import { useParams } from 'wouter';

export function ImportPreviewPage() {
  usePageTitle(IMPORT_TEXTS.previewTitle);
  const id = parseRouteId(useParams<{ id: string }>().id);
  return <ImportPreviewScreen id={id} />;
}
