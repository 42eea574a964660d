/**
 * 'More Sign-In Options' / 'More Sign-Up Options' (000 §2, D10): a whole-browser navigation to
 * `/api/login`, which starts single sign-on with the configured provider.
 */
import { Button } from '@web/components/ui/button';
import { KeyRound } from 'lucide-react';

export const SSO_START_PATH = '/api/login';

export function SsoButton({ children }: { children: string }) {
  return (
    <Button
      variant="outline"
      className="w-full"
      onClick={() => {
        window.location.href = SSO_START_PATH;
      }}
    >
      <KeyRound aria-hidden="true" />
      {children}
    </Button>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
