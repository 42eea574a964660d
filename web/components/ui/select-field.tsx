/**
 * A labelled dropdown bound to a react-hook-form field, with its error or hint wired as in
 * form-field.tsx. Apart from it so that forms without a dropdown do not load Radix Select.
 */
import { type FieldFrame, FormField, fieldAria } from '@web/components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
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
  options: readonly (string | { value: string; label: string })[];
  placeholder: string;
  disabled?: boolean;
  /** Replaces the field's own change handler (e.g. to clear dependent fields). */
  onValueChange?: (value: string) => void;
}) {
  const { id, error, hint } = frame;
  return (
    <FormField {...frame}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            value={field.value}
            onValueChange={onValueChange ?? field.onChange}
            disabled={disabled}
          >
            <SelectTrigger
              id={id}
              ref={field.ref}
              onBlur={field.onBlur}
              {...fieldAria(id, error, !!hint)}
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              {options.map((option) => {
                const { value, label } =
                  typeof option === 'string' ? { value: option, label: option } : option;
                return (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                );
              })}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}
