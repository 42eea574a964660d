/**
 * The Radix select of ChoiceSelect, loaded on its first opening (choice-select.tsx): the same
 * trigger, now Radix's own, and the list of choices, opened and closed by ChoiceSelect.
 */

import type { ChoiceSelectProps } from './choice-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export function ChoiceSelectPopup({
  choices,
  value,
  onValueChange,
  isOpen,
  onOpenChange,
  contentClassName,
  placeholder,
  disabled,
  ...triggerProps
}: ChoiceSelectProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Select
      value={value}
      onValueChange={onValueChange}
      open={isOpen}
      onOpenChange={onOpenChange}
      disabled={disabled}
    >
      <SelectTrigger {...triggerProps}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className={contentClassName}>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
