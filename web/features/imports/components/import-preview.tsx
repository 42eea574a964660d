/**
 * An import's own page (`/account/imports/{id}`): what the file is and why, how it is read (each
 * reading changeable, the uncertain ones to confirm), where its vehicles go, what Import adds,
 * the rows left out and why, then Import or Cancel. Every choice goes to the server, whose new
 * preview is what is shown: no number here is worked out in the browser. Once applied the page
 * shows what was added; once undone, that it was.
 */
import {
  type ImportChoices,
  type ImportPreview,
  IMPORT_TEXTS as TEXTS,
  totalOf,
} from '@contract/imports';
import type { Vehicle } from '@contract/vehicles';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { UpgradeDialog } from '@web/components/upgrade-dialog';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatFigure } from '@web/lib/format-units';
import { useCurrency } from '@web/lib/preferences';
import { ArrowLeft, Download, FileCheck2, Info } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useApplyImport } from '../api/apply-import';
import { useChooseImport } from '../api/choose-import';
import { useDeleteImport } from '../api/delete-import';
import { useImport } from '../api/get-import';
import { useImportVehicles } from '../api/get-import-vehicles';
import { FailureNote } from './failure-note';
import { CountList } from './import-counts';
import { ImportResultScreen, ImportUndoneScreen } from './import-outcome';
import { ImportReadings, type ReadingName } from './import-readings';
import { ImportVehicleTargets } from './import-vehicle-targets';
import { ListedRows } from './listed-rows';

/** Account Settings opened on its Data section, where imports start and are listed. */
export const DATA_SETTINGS_PATH = '/account?section=data';

function Section({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId} className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** The currencies the file names that are not the user's, or none. */
function foreignCurrencies(preview: ImportPreview, currency: string): string[] {
  return preview.units.currencies.filter((code) => code !== currency);
}

function PreviewForm({
  preview,
  vehicles,
  onApplied,
}: {
  preview: ImportPreview;
  vehicles: readonly Vehicle[];
  onApplied: (vehicleIdsBefore: number[]) => void;
}) {
  const [, navigate] = useLocation();
  const currency = useCurrency();
  const choose = useChooseImport();
  const apply = useApplyImport();
  const discard = useDeleteImport({
    onDeleted: () => {
      toast({ title: TEXTS.discarded });
      navigate(DATA_SETTINGS_PATH);
    },
  });
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  // A choice on its way leaves the selects open to the next one (sent after it), not to Import.
  const isBusy = choose.isPending || apply.isPending || discard.isPending;
  const isSettling = apply.isPending || discard.isPending;
  const pending = choose.isPending ? choose.variables.choices : undefined;
  const left = preview.needsChoice.length;
  const addsNothing = totalOf(preview.counts) === 0;
  const foreign = foreignCurrencies(preview, currency);
  const failure = apply.error ?? discard.error;

  const chooseReading = (name: ReadingName, value: string) =>
    choose.mutate({ id: preview.id, choices: { [name]: value } as ImportChoices });
  const chooseVehicle = (key: string, vehicleId: number | null) =>
    choose.mutate({ id: preview.id, choices: { vehicles: { [key]: vehicleId } } });

  const runImport = () => {
    const before = vehicles.map((vehicle) => vehicle.id);
    apply.mutate(preview.id, {
      onSuccess: () => onApplied(before),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402) setIsUpgradeOpen(true);
      },
    });
  };

  return (
    <div className="grid gap-6">
      <Section title={TEXTS.detectedTitle} testId="import-format">
        <div className="flex gap-3">
          <FileCheck2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-medium">{TEXTS.detected(preview.formatLabel)}</p>
            <p className="text-sm text-muted-foreground">{preview.evidence}</p>
          </div>
        </div>
      </Section>

      <Section title={TEXTS.readingsTitle} description={TEXTS.readingsDescription}>
        <ImportReadings
          preview={preview}
          pending={pending}
          disabled={isSettling}
          onChoose={chooseReading}
        />
      </Section>

      {preview.vehicles.length > 0 && (
        <Section title={TEXTS.vehiclesTitle} description={TEXTS.vehiclesDescription}>
          <ImportVehicleTargets
            preview={preview}
            vehicles={vehicles}
            pending={pending}
            disabled={isSettling}
            onChoose={chooseVehicle}
          />
        </Section>
      )}

      <Section title={TEXTS.addedTitle} testId="import-counts">
        {addsNothing ? (
          <p className="text-sm text-muted-foreground">{TEXTS.nothingNew}</p>
        ) : (
          <CountList counts={preview.counts} label={TEXTS.addedTitle} />
        )}
        {foreign.length > 0 && (
          <p className="flex gap-2 rounded-lg bg-info-soft/60 p-3 text-sm">
            <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden="true" />
            {TEXTS.currencies(foreign.join(', '), currency)}
          </p>
        )}
        {preview.problemCount > 0 && (
          <ListedRows
            testId="import-problems"
            summary={TEXTS.problems(formatFigure(preview.problemCount, 0))}
            note={TEXTS.problemsNote}
            rows={preview.problems}
            total={preview.problemCount}
          />
        )}
        {preview.adjustmentCount > 0 && (
          <ListedRows
            testId="import-adjustments"
            summary={TEXTS.adjustments(formatFigure(preview.adjustmentCount, 0))}
            note={TEXTS.adjustmentsNote}
            rows={preview.adjustments}
            total={preview.adjustmentCount}
          />
        )}
        {preview.duplicateCount > 0 && (
          <ListedRows
            testId="import-duplicates"
            summary={TEXTS.duplicates(formatFigure(preview.duplicateCount, 0))}
            note={TEXTS.duplicatesNote}
            rows={preview.duplicates}
            total={preview.duplicateCount}
          />
        )}
      </Section>

      <div className="grid gap-3">
        {left > 0 && (
          <p id="import-choices-left" className="text-sm font-medium">
            {TEXTS.choicesLeft(left)}
          </p>
        )}
        {choose.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            {TEXTS.updating}
          </p>
        )}
        <FailureNote message={failure ? errorMessage(failure, TEXTS.failed) : null} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            size="lg"
            disabled={isBusy || left > 0 || addsNothing}
            aria-describedby={left > 0 ? 'import-choices-left' : undefined}
            onClick={runImport}
          >
            <Download aria-hidden="true" />
            {apply.isPending ? TEXTS.importing : TEXTS.import}
          </Button>
          <Button
            size="lg"
            variant="outline"
            disabled={isBusy}
            onClick={() => discard.mutate(preview.id)}
          >
            {discard.isPending ? TEXTS.discarding : TEXTS.cancel}
          </Button>
        </div>
      </div>
      {/* Drawn only when needed: it reads the plan, which the page has no other use for. */}
      {isUpgradeOpen && <UpgradeDialog open onOpenChange={setIsUpgradeOpen} />}
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label={TEXTS.previewLoading} className="grid gap-6">
      <Skeleton className="h-28 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}

/** The vehicles an applied import went into: those it was placed in and those it created. */
function vehiclesAddedTo(
  preview: ImportPreview,
  vehicles: readonly Vehicle[],
  idsBefore: readonly number[] | null,
): Vehicle[] {
  const placed = new Set(
    preview.vehicles.flatMap((vehicle) => (vehicle.vehicleId === null ? [] : [vehicle.vehicleId])),
  );
  return vehicles.filter(
    (vehicle) => placed.has(vehicle.id) || (idsBefore !== null && !idsBefore.includes(vehicle.id)),
  );
}

export function ImportPreviewScreen({ id }: { id: number | null }) {
  const query = useImport(id);
  const { vehicles } = useImportVehicles();
  const [idsBefore, setIdsBefore] = useState<number[] | null>(null);
  const preview = id === null ? null : query.data;

  let body: ReactNode;
  if (id !== null && query.isLoading) {
    body = <PreviewSkeleton />;
  } else if (!preview) {
    const isGone = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <FailureNote
        message={id === null || isGone ? TEXTS.notFound : errorMessage(query.error, TEXTS.failed)}
      />
    );
  } else if (preview.status === 'applied') {
    body = (
      <ImportResultScreen
        added={preview.added ?? preview.counts}
        vehicles={vehiclesAddedTo(preview, vehicles, idsBefore)}
      />
    );
  } else if (preview.status === 'undone') {
    body = <ImportUndoneScreen wasApplied={preview.appliedAt !== null} />;
  } else {
    body = <PreviewForm preview={preview} vehicles={vehicles} onApplied={setIdsBefore} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        href={DATA_SETTINGS_PATH}
        className="mb-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {TEXTS.backToData}
      </Link>
      <header className="mb-6 grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">
          {preview && preview.status !== 'preview'
            ? TEXTS.importHeading(preview.formatLabel)
            : TEXTS.previewTitle}
        </h1>
        {preview && (
          <p className="break-words text-sm text-muted-foreground">
            {preview.fileNames.join(', ')}
          </p>
        )}
      </header>
      {body}
    </div>
  );
}
