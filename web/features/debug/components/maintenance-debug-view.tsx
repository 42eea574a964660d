/**
 * The body of the maintenance debug pages (001 §2, D17): each maintenance record as a card
 * (title, category, description, date, cost with its currency sign, the user's (D49), location,
 * technician, Completed or Pending, record ID, vehicle ID), then the raw JSON the call answered.
 * Loading, failure and 'No maintenance records found.' states as 001 §8 words them.
 */
import { type RecordItem, recordStatus } from '@contract/records';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/format';
import { useMoney } from '@web/lib/preferences';
import { CircleAlert } from 'lucide-react';
import type { DebugRead } from '../api/fetch-debug-json';

/** 001 §2: the debug page's texts. */
const DEBUG_TEXTS = {
  noMaintenanceRecords: 'No maintenance records found.',
  error: (status: number, statusText: string) => `Error ${status}: ${statusText}`,
  fetchFailed: (status: number) => `Failed to fetch: ${status}`,
} as const;

/** 001 §8: the debug pages' failure text. */
export function debugFailureText(read: Extract<DebugRead, { ok: false }>): string {
  return read.statusText
    ? DEBUG_TEXTS.error(read.status, read.statusText)
    : DEBUG_TEXTS.fetchFailed(read.status);
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm">{value}</dd>
    </div>
  );
}

function MaintenanceCard({ record }: { record: RecordItem }) {
  const status = recordStatus(record.isCompleted);
  const money = useMoney();
  return (
    <li
      data-testid="debug-maintenance-card"
      className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold">{record.title ?? record.category}</h2>
          <p className="text-sm text-muted-foreground">{record.category}</p>
        </div>
        <Badge variant={record.isCompleted ? 'default' : 'secondary'}>{status}</Badge>
      </div>
      {record.description && <p className="text-sm">{record.description}</p>}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label="Date" value={formatDate(record.date, 'Not scheduled')} />
        <Field
          label="Cost"
          value={record.cost === null ? 'Not specified' : money.format(record.cost)}
        />
        <Field label="Location" value={record.location ?? 'Not specified'} />
        <Field label="Technician" value={record.technician ?? 'Not specified'} />
        <Field label="Record ID" value={String(record.id)} />
        <Field label="Vehicle ID" value={String(record.vehicleId)} />
      </dl>
    </li>
  );
}

export function MaintenanceDebugView({
  read,
  isLoading,
}: {
  read: DebugRead | undefined;
  isLoading: boolean;
}) {
  if (isLoading || !read) {
    return (
      <div className="flex justify-center py-12 text-primary">
        <Spinner label="Loading maintenance records" />
      </div>
    );
  }
  if (!read.ok) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
        <CircleAlert className="size-4" aria-hidden />
        {debugFailureText(read)}
      </p>
    );
  }
  const records = Array.isArray(read.data) ? (read.data as RecordItem[]) : [];
  return (
    <div className="grid gap-6">
      {records.length === 0 ? (
        <p className="text-sm text-muted-foreground">{DEBUG_TEXTS.noMaintenanceRecords}</p>
      ) : (
        <ul aria-label="Maintenance records" className="grid gap-3">
          {records.map((record) => (
            <MaintenanceCard key={record.id} record={record} />
          ))}
        </ul>
      )}
      <section aria-labelledby="raw-json" className="grid gap-2">
        <h2 id="raw-json" className="text-sm font-semibold">
          Raw JSON
        </h2>
        {/* A scrolling box must take keyboard focus, so that its overflow can be read without a
            pointer (axe: scrollable-region-focusable). */}
        <pre
          data-testid="raw-json"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled by keyboard once focused
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-lg border border-border bg-muted p-3 text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {JSON.stringify(read.data, null, 2)}
        </pre>
      </section>
    </div>
  );
}
