/**
 * What a vehicle page shows when it has no vehicle to show (001 §2): 'Vehicle not found' for a
 * missing vehicle or someone else's (D9: the two are indistinguishable), 'Invalid Vehicle ID'
 * for an id that is not a number. Either way the way out is 'Back to Vehicles'.
 */
import { VEHICLE_MESSAGES, VEHICLE_TEXTS } from '@contract/vehicles';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Link } from 'wouter';

export type VehicleUnavailableReason = 'not-found' | 'invalid-id';

const TEXTS = {
  'not-found': { title: VEHICLE_MESSAGES.notFound, text: VEHICLE_MESSAGES.notFoundText },
  'invalid-id': { title: VEHICLE_MESSAGES.invalidId, text: VEHICLE_MESSAGES.invalidIdText },
} as const;

export function VehicleUnavailable({ reason }: { reason: VehicleUnavailableReason }) {
  const { title, text } = TEXTS[reason];
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md" data-testid="vehicle-unavailable">
        <CardContent className="flex flex-col gap-4 p-8">
          <div className="flex items-center gap-3">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{text}</p>
          <Button asChild variant="outline" className="self-start">
            <Link href="/vehicles">
              <ArrowLeft aria-hidden />
              {VEHICLE_TEXTS.backToVehicles}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
