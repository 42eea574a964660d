/** The menu button of the public bar on small screens, before and after its drawer loads. */
import { Button } from '@web/components/ui/button';
import { Menu } from 'lucide-react';
import type * as React from 'react';

export function MenuButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Open menu"
      className="-mr-2 md:hidden"
      {...props}
    >
      <Menu className="size-5" aria-hidden="true" />
    </Button>
  );
}
