/**
 * A vehicle card's menu, Edit and Delete (001 §2). Its dropdown parts load when a card's menu is
 * first opened (decision 010); until then `VehicleCardMenuButton` stands in for its trigger.
 */
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Pencil, Trash2 } from 'lucide-react';
import { VehicleCardMenuButton } from './vehicle-card';

export function VehicleCardMenu({
  title,
  isOpen,
  onOpenChange,
  onEdit,
  onDelete,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <DropdownMenu open={isOpen} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <VehicleCardMenuButton title={title} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden />
          Edit
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2 aria-hidden />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
