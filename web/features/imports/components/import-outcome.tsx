/**
 * What an import did, once applied: its counts and a way to the vehicles it added to (those it
 * was placed in, and those it created, found as the vehicles that were not in the garage before
 * Import); or, once undone, that it is gone.
 */
import {
  IMPORT_MESSAGES,
  type ImportCounts,
  IMPORT_TEXTS as TEXTS,
  totalOf,
} from '@contract/imports';
import { type Vehicle, vehicleTitle } from '@contract/vehicles';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Car, CheckCircle2, Undo2 } from 'lucide-react';
import { Link } from 'wouter';
import { CountList } from './import-counts';

export function ImportResultScreen({
  added,
  vehicles,
}: {
  added: ImportCounts;
  /** The vehicles it added to; empty when they cannot be told (the page opened after Import). */
  vehicles: readonly Vehicle[];
}) {
  const isEmpty = totalOf(added) === 0;
  return (
    <Card data-testid="import-result">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
          <h2>{TEXTS.resultTitle}</h2>
        </CardTitle>
        <CardDescription>{isEmpty ? TEXTS.resultNothing : TEXTS.resultDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!isEmpty && <CountList counts={added} label={TEXTS.resultTitle} />}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {vehicles.map((vehicle) => (
            <Button key={vehicle.id} asChild>
              <Link href={`/vehicles/${vehicle.id}`}>
                <Car aria-hidden="true" />
                {TEXTS.openVehicle(vehicleTitle(vehicle))}
              </Link>
            </Button>
          ))}
          <Button asChild variant={vehicles.length > 0 ? 'outline' : 'default'}>
            <Link href="/vehicles">{TEXTS.allVehicles}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** An import undone, or a preview cancelled before it was applied (it added nothing). */
export function ImportUndoneScreen({ wasApplied }: { wasApplied: boolean }) {
  return (
    <Card data-testid="import-undone">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Undo2 className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2>{wasApplied ? TEXTS.undoneTitle : TEXTS.cancelledTitle}</h2>
        </CardTitle>
        <CardDescription>
          {wasApplied ? TEXTS.undoneDescription : IMPORT_MESSAGES.discarded}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
