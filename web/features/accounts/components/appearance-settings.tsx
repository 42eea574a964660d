/**
 * Account Settings › Profile › Appearance (decision 035): Light, Dark or System, as a segmented
 * row of native radio buttons (arrow keys move the choice, the screen reader hears a group), each
 * unseen over its segment.
 */
import type { User } from '@contract/accounts';
import { APPEARANCE_TEXTS, THEME_LABELS, type Theme } from '@contract/appearance';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useSaveTheme } from '../api/save-theme';

const CHOICES = [
  { theme: 'light', icon: Sun },
  { theme: 'dark', icon: Moon },
  { theme: 'system', icon: Monitor },
] as const satisfies readonly { theme: Theme; icon: unknown }[];

export function AppearanceSettings({ user }: { user: User }) {
  const saveTheme = useSaveTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="appearance-title">{APPEARANCE_TEXTS.title}</CardTitle>
        <CardDescription>{APPEARANCE_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset aria-labelledby="appearance-title">
          <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
            {CHOICES.map(({ theme, icon: Icon }) => (
              <label
                key={theme}
                className="relative flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-checked:bg-card has-checked:text-foreground has-checked:shadow-card has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  checked={user.theme === theme}
                  onChange={() => saveTheme(theme)}
                  // Over the whole segment, unseen: a click anywhere on it is a click on the radio.
                  className="absolute inset-0 cursor-pointer appearance-none rounded-md"
                />
                <Icon aria-hidden="true" className="size-4" />
                {THEME_LABELS[theme]}
              </label>
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
