/** Why a call of this section failed, in the server's words, announced where the user looks. */
import { CircleAlert } from 'lucide-react';

export function FailureNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex gap-2 text-sm font-medium text-destructive">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}
