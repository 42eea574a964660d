/**
 * A labelled dropdown bound to a react-hook-form field, with its error or hint wired as in
 * form-field.tsx. Its list is a ChoiceSelect: the Radix select loads when a dropdown is first
 * opened, not with the form (decision 051), so a form page's first load carries none of it.
 */
import { type Choice, ChoiceSelect } from '@web/components/ui/choice-select';
import { type FieldFrame, FormField, fieldAria } from '@web/components/ui/form-field';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** A labelled dropdown bound to a form field; each option's value is also its text unless named. */
export function SelectField<Values extends FieldValues>({
  control,
  name,
  options,
  placeholder,
  disabled,
  onValueChange,
  ...frame
}: FieldFrame & {
  control: Control<Values>;
  name: FieldPath<Values>;
  options: readonly (string | Choice)[];
  placeholder: string;
  disabled?: boolean;
  /** Replaces the field's own change handler (e.g. to clear dependent fields). */
  onValueChange?: (value: string) => void;
}) {
  const { id, error, hint } = frame;
  const choices = options.map((option) =>
    typeof option === 'string' ? { value: option, label: option } : option,
  );
  return (
    <FormField {...frame}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ChoiceSelect
            id={id}
            ref={field.ref}
            choices={choices}
            value={field.value}
            onValueChange={onValueChange ?? field.onChange}
            onBlur={field.onBlur}
            placeholder={placeholder}
            disabled={disabled}
            contentClassName="max-h-72"
            {...fieldAria(id, error, !!hint)}
          />
        )}
      />
    </FormField>
  );
}
