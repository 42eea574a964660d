/**
 * Customize the dashboard (D38): show or hide each section and change their order, by keyboard
 * (the move buttons, focus following the moved section, each move announced) as well as by
 * pointer (drag a section by its handle, or the same buttons on touch screens). Every change
 * applies at once and is saved with the user.
 */
import {
  DASHBOARD_SECTION_LABELS,
  DASHBOARD_TEXTS,
  type DashboardLayout,
  type DashboardSectionId,
  DEFAULT_DASHBOARD_LAYOUT,
  moveDashboardSection,
} from '@contract/dashboard';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/class-names';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

type PendingFocus = { id: DashboardSectionId; direction: 'up' | 'down' };

export function CustomizeDashboardDialog({
  open,
  onOpenChange,
  layout,
  onChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  layout: DashboardLayout;
  onChange: (layout: DashboardLayout) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<DashboardSectionId | null>(null);
  const [dropTarget, setDropTarget] = useState<DashboardSectionId | null>(null);
  const pendingFocus = useRef<PendingFocus | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // After a move the moved section's button keeps the focus; at an end, its other button.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const index = layout.findIndex((section) => section.id === pending.id);
    const atEnd = pending.direction === 'up' ? index === 0 : index === layout.length - 1;
    const direction = atEnd ? (pending.direction === 'up' ? 'down' : 'up') : pending.direction;
    buttons.current.get(`${pending.id}-${direction}`)?.focus();
  }, [layout]);

  // The layout as of the last change, ahead of any render: quick successive moves (a key held,
  // a fast double press) each start from the one before.
  const latest = useRef(layout);
  useEffect(() => {
    latest.current = layout;
  }, [layout]);

  const apply = (next: DashboardLayout) => {
    latest.current = next;
    onChange(next);
  };

  /** Moves `id` by `steps` (−1 up, +1 down), or to where `targetId` is (a drop). */
  const move = (
    id: DashboardSectionId,
    target: { steps: number } | { targetId: DashboardSectionId },
  ) => {
    const current = latest.current;
    const from = current.findIndex((section) => section.id === id);
    const to =
      'steps' in target
        ? from + target.steps
        : current.findIndex((section) => section.id === target.targetId);
    const next = moveDashboardSection(current, from, to);
    if (next === current) return;
    if ('steps' in target)
      pendingFocus.current = { id, direction: target.steps < 0 ? 'up' : 'down' };
    const position = next.findIndex((section) => section.id === id) + 1;
    setAnnouncement(
      `${DASHBOARD_SECTION_LABELS[id]} moved to position ${position} of ${next.length}.`,
    );
    apply(next);
  };

  const setVisible = (id: DashboardSectionId, isVisible: boolean) => {
    setAnnouncement(`${DASHBOARD_SECTION_LABELS[id]} ${isVisible ? 'shown' : 'hidden'}.`);
    apply(
      latest.current.map((section) => (section.id === id ? { ...section, isVisible } : section)),
    );
  };

  const endDrag = () => {
    setDragged(null);
    setDropTarget(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{DASHBOARD_TEXTS.customizeTitle}</DialogTitle>
          <DialogDescription>{DASHBOARD_TEXTS.customizeDescription}</DialogDescription>
        </DialogHeader>
        <ol aria-label="Dashboard sections" className="grid gap-2">
          {layout.map((section, index) => {
            const label = DASHBOARD_SECTION_LABELS[section.id];
            const switchId = `dashboard-section-${section.id}`;
            return (
              <li
                key={section.id}
                data-testid="dashboard-section-row"
                draggable
                onDragStart={(event) => {
                  setDragged(section.id);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', section.id);
                }}
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setDropTarget(section.id);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged) move(dragged, { targetId: section.id });
                  endDrag();
                }}
                onDragEnd={endDrag}
                className={cn(
                  'flex items-center gap-3 rounded-lg border border-border bg-card px-3 py-2.5 transition-colors',
                  dragged === section.id && 'opacity-50',
                  dropTarget === section.id &&
                    dragged !== section.id &&
                    'border-primary bg-primary-soft/40',
                )}
              >
                <GripVertical
                  className="size-4 shrink-0 cursor-grab text-muted-foreground"
                  aria-hidden
                />
                <label
                  htmlFor={switchId}
                  className={cn(
                    'min-w-0 flex-1 truncate text-sm font-medium',
                    !section.isVisible && 'text-muted-foreground',
                  )}
                >
                  {label}
                </label>
                <Switch
                  id={switchId}
                  checked={section.isVisible}
                  onCheckedChange={(checked) => setVisible(section.id, checked)}
                  aria-label={`Show ${label}`}
                />
                <div className="flex gap-1">
                  <Button
                    ref={(element) => {
                      if (element) buttons.current.set(`${section.id}-up`, element);
                      else buttons.current.delete(`${section.id}-up`);
                    }}
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => move(section.id, { steps: -1 })}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    ref={(element) => {
                      if (element) buttons.current.set(`${section.id}-down`, element);
                      else buttons.current.delete(`${section.id}-down`);
                    }}
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Move ${label} down`}
                    disabled={index === layout.length - 1}
                    onClick={() => move(section.id, { steps: 1 })}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              setAnnouncement('Default layout restored.');
              apply(DEFAULT_DASHBOARD_LAYOUT);
            }}
          >
            {DASHBOARD_TEXTS.resetLayout}
          </Button>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
