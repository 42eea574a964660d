/**
 * `/unsubscribe?key=…&channel=…` (decision 054): where the unsubscribe link of a message leads a
 * person. Open to anyone: the key in the link is what it acts on, not a session. Signed-in users
 * see it inside the shell; visitors get the public header and footer around it (D39).
 */
import { PublicFooter } from '@web/features/marketing/components/public-footer';
import { PublicHeader } from '@web/features/marketing/components/public-header';
import {
  channelOf,
  UnsubscribeCard,
} from '@web/features/notifications/components/unsubscribe-card';
import { usePageTitle } from '@web/lib/page-title';
import { useSearch } from 'wouter';
import { useIsInAppShell } from '../layout';

export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const query = new URLSearchParams(useSearch());
  const card = (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-16">
      <UnsubscribeCard
        unsubscribeKey={query.get('key') ?? ''}
        channel={channelOf(query.get('channel'))}
      />
    </div>
  );
  if (useIsInAppShell()) return card;
  return (
    <>
      <PublicHeader />
      <main id="main" className="pt-16">
        {card}
      </main>
      <PublicFooter />
    </>
  );
}
