/** The wait while the session loads (000 §2): a centred spinner that says what it waits for. */
import { Spinner } from '@web/components/ui/spinner';

export function SessionSpinner() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center text-primary">
      <Spinner size="lg" label="Loading your session" />
    </div>
  );
}
