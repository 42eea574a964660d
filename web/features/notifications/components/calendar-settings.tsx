/**
 * Account Settings › Calendar (decision 054): the secret link a calendar app subscribes to. The
 * link is shown once, right after it is made (the server keeps only its hash); afterwards the
 * section says since when a feed exists and offers to replace the link or turn the feed off,
 * each after a question, since either stops the old link at once.
 */
import { CALENDAR_SETTINGS_TEXTS as TEXTS } from '@contract/calendar';
import { AlertDialogQuestion } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { formatDate } from '@web/lib/format';
import { CalendarPlus, Copy, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useCreateCalendarToken } from '../api/create-calendar-token';
import { useDeleteCalendarToken } from '../api/delete-calendar-token';
import { useCalendarToken } from '../api/get-calendar-token';

const LINK_FIELD_ID = 'calendar-link';

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: TEXTS.copied });
  } catch {
    toast({ variant: 'destructive', title: TEXTS.copyFailed });
  }
}

/** The new link, once: a read-only field to select from, Copy, and why it will not come back. */
function NewLink({ url }: { url: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={LINK_FIELD_ID}>{TEXTS.linkLabel}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={LINK_FIELD_ID}
          readOnly
          value={url}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" className="shrink-0" onClick={() => copyLink(url)}>
          <Copy aria-hidden="true" />
          {TEXTS.copy}
        </Button>
      </div>
      <p className="flex gap-2 text-sm text-muted-foreground">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {TEXTS.shownOnce}
      </p>
    </div>
  );
}

export function CalendarSettings() {
  const { createdAt, isLoading, isError } = useCalendarToken();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [question, setQuestion] = useState<'replace' | 'turnOff' | null>(null);
  const creation = useCreateCalendarToken({ onCreated: (created) => setShownUrl(created.url) });
  const deletion = useDeleteCalendarToken({ onDeleted: () => setShownUrl(null) });
  const isBusy = creation.isPending || deletion.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{TEXTS.title}</CardTitle>
        <CardDescription>{TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {isLoading ? (
          <Skeleton className="h-10 w-48" />
        ) : isError ? (
          <p className="text-sm text-destructive">{TEXTS.loadFailed}</p>
        ) : createdAt === null ? (
          <Button
            className="w-full sm:w-auto sm:self-start"
            disabled={isBusy}
            onClick={() => creation.mutate({ isReplacement: false })}
          >
            <CalendarPlus aria-hidden="true" />
            {creation.isPending ? TEXTS.creating : TEXTS.create}
          </Button>
        ) : (
          <>
            {shownUrl ? <NewLink url={shownUrl} /> : null}
            <p className="text-sm">{TEXTS.createdOn(formatDate(createdAt))}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" disabled={isBusy} onClick={() => setQuestion('replace')}>
                <RefreshCw aria-hidden="true" />
                {creation.isPending ? TEXTS.replacing : TEXTS.replace}
              </Button>
              <Button variant="outline" disabled={isBusy} onClick={() => setQuestion('turnOff')}>
                {deletion.isPending ? TEXTS.turningOff : TEXTS.turnOff}
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <AlertDialogQuestion
        open={question === 'replace'}
        onOpenChange={(open) => setQuestion(open ? 'replace' : null)}
        texts={{
          title: TEXTS.replaceTitle,
          description: TEXTS.replaceDescription,
          cancel: TEXTS.cancel,
          action: TEXTS.replace,
        }}
        onAction={() => creation.mutate({ isReplacement: true })}
      />
      <AlertDialogQuestion
        open={question === 'turnOff'}
        onOpenChange={(open) => setQuestion(open ? 'turnOff' : null)}
        texts={{
          title: TEXTS.turnOffTitle,
          description: TEXTS.turnOffDescription,
          cancel: TEXTS.cancel,
          action: TEXTS.turnOff,
        }}
        onAction={() => deletion.mutate()}
      />
    </Card>
  );
}
