/**
 * Account Settings (000 §2): Profile (the default), Security, Plan (D13), Units (decision 050) and
 * Data, chosen in a side navigation: vertical beside the content from the md breakpoint up, a
 * segmented bar above it on phones (labels without icons there, so five fit 390 px). The content
 * is at most 640 px wide.
 */
import type { User } from '@contract/accounts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { cn } from '@web/lib/class-names';
import { useMediaQuery } from '@web/lib/use-media-query';
import { Database, type LucideIcon, Ruler, Shield, Sparkles, UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { DataSettings } from './data-settings';
import { PlanSettings } from './plan-settings';
import { ProfileSettings } from './profile-settings';
import { SecuritySettings } from './security-settings';
import { UnitsSettings } from './units-settings';

const SECTIONS = [
  { value: 'profile', label: 'Profile', icon: UserRound },
  { value: 'security', label: 'Security', icon: Shield },
  { value: 'plan', label: 'Plan', icon: Sparkles },
  { value: 'units', label: 'Units', icon: Ruler },
  { value: 'data', label: 'Data', icon: Database },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

/**
 * A section another feature brings (Notifications), composed by the page, since features never
 * import each other; shown before Data, which ends the list with the account's deletion.
 * `shortLabel` names it in the phone's bar.
 */
export type AddedSection = {
  value: string;
  label: string;
  shortLabel: string;
  icon: LucideIcon;
  content: ReactNode;
};

/** The section an address asks for (`/account?section=data`), else Profile. */
function sectionAsked(known: readonly string[]): string {
  const asked = new URLSearchParams(window.location.search).get('section');
  return asked && known.includes(asked) ? asked : 'profile';
}

/** Tailwind's md breakpoint (000 §9: 768 px). */
const MD_UP = '(min-width: 768px)';

export function AccountSettings({
  user,
  onSignedOut,
  onDeleted,
  addedSections = [],
  dataSections,
}: {
  user: User;
  onSignedOut: () => void;
  onDeleted: () => void;
  addedSections?: readonly AddedSection[];
  /** Cards another feature adds to Data (imports and restore), composed by the page. */
  dataSections?: ReactNode;
}) {
  const ownSections = SECTIONS.map((entry) => ({ ...entry, shortLabel: entry.label }));
  const sections = [...ownSections.slice(0, -1), ...addedSections, ...ownSections.slice(-1)];
  const [section, setSection] = useState<Section | string>(() =>
    sectionAsked(sections.map((entry) => entry.value)),
  );
  const isWide = useMediaQuery(MD_UP);

  return (
    <Tabs
      value={section}
      onValueChange={setSection}
      orientation={isWide ? 'vertical' : 'horizontal'}
      className="gap-6 md:gap-10"
    >
      <TabsList
        aria-label="Account settings sections"
        className={cn(
          'grid h-11 w-full grid-flow-col auto-cols-fr',
          'md:sticky md:top-6 md:flex md:h-auto md:w-52 md:shrink-0 md:self-start md:bg-transparent md:p-0',
        )}
      >
        {sections.map(({ value, label, shortLabel, icon: Icon }) => (
          <TabsTrigger
            key={value}
            value={value}
            className={cn(
              'max-md:px-1 md:h-10 md:justify-start md:gap-3 md:px-3',
              'md:data-[state=active]:bg-primary-soft md:data-[state=active]:text-accent-foreground md:data-[state=active]:shadow-none',
              'md:hover:bg-muted',
            )}
          >
            <Icon aria-hidden="true" className="max-md:hidden" />
            {shortLabel === label ? (
              label
            ) : (
              <>
                <span className="md:hidden">{shortLabel}</span>
                <span className="max-md:hidden">{label}</span>
              </>
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      <div className="w-full max-w-[640px] min-w-0">
        <TabsContent value="profile">
          <ProfileSettings user={user} />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettings user={user} onSignedOut={onSignedOut} />
        </TabsContent>
        <TabsContent value="plan">
          <PlanSettings />
        </TabsContent>
        <TabsContent value="units">
          <UnitsSettings />
        </TabsContent>
        <TabsContent value="data">
          <DataSettings user={user} onDeleted={onDeleted} addedSections={dataSections} />
        </TabsContent>
        {addedSections.map(({ value, content }) => (
          <TabsContent key={value} value={value}>
            {content}
          </TabsContent>
        ))}
      </div>
    </Tabs>
  );
}
