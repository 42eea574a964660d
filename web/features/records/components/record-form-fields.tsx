/**
 * The record form's fields, for every kind and both modes (convention 12): which of them show
 * and how they are labelled comes from RECORD_KINDS (the due fields) and RECORD_KINDS_ON_WEB
 * (the vehicle and title labels, the title taken from the category, the attachments' layout).
 * The odometer at the service (decision 050) is in the unit of the vehicle chosen, which it
 * names beside the figure.
 */
import { TEXT_LIMITS } from '@contract/common';
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { UNIT_LABELS } from '@contract/units';
import { type Vehicle, vehicleTitle } from '@contract/vehicles';
import { FormField, InputField } from '@web/components/ui/form-field';
import { SelectField } from '@web/components/ui/select-field';
import { Textarea } from '@web/components/ui/textarea';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  type EditedRecord,
  formCategories,
  type RecordFormValues,
} from '../lib/record-form-values';
import { RECORD_KINDS_ON_WEB, type RecordFormMode } from '../lib/record-kinds';
import { AttachmentPicker } from './attachment-picker';
import { DatePicker } from './date-picker';
import type { useRecordSave } from './use-record-save';

export type RecordFormVehicle = Pick<Vehicle, 'id' | 'year' | 'make' | 'model' | 'odometerUnit'>;

export type RecordFormFieldsProps = {
  type: RecordType;
  mode: RecordFormMode;
  form: UseFormReturn<RecordFormValues>;
  /** Prefixes the fields' ids, unique per form. */
  idPrefix: string;
  record?: EditedRecord | undefined;
  vehicles: readonly RecordFormVehicle[];
  /** The attachments chosen, the upload's progress, and whether a save runs. */
  save: Pick<
    ReturnType<typeof useRecordSave>,
    'files' | 'setFiles' | 'setHasRefusedFile' | 'progress' | 'isBusy'
  >;
};

export function RecordFormFields({
  type,
  mode,
  form,
  idPrefix,
  record,
  vehicles,
  save: { files, setFiles, setHasRefusedFile, progress, isBusy },
}: RecordFormFieldsProps) {
  const kind = RECORD_KINDS[type];
  const kindOnWeb = RECORD_KINDS_ON_WEB[type];
  const id = (name: string) => `${idPrefix}-${name}`;
  const { errors } = form.formState;
  const hasTitle = !(mode === 'add' && kindOnWeb.titleFromCategoryOnAdd);
  // D26: the add forms never set a due date or mileage.
  const hasDueFields = mode === 'edit' && kind.hasDue;
  const vehicleId = useWatch({ control: form.control, name: 'vehicleId' });
  const odometerUnit = vehicles.find((vehicle) => String(vehicle.id) === vehicleId)?.odometerUnit;

  return (
    <>
      <SelectField
        id={id('vehicle')}
        label={kindOnWeb.vehicleLabel}
        error={errors.vehicleId?.message}
        control={form.control}
        name="vehicleId"
        options={vehicles.map((vehicle) => ({
          value: String(vehicle.id),
          label: vehicleTitle(vehicle),
        }))}
        placeholder="Select vehicle"
        disabled={isBusy}
      />

      <SelectField
        id={id('category')}
        label="Category"
        error={errors.category?.message}
        control={form.control}
        name="category"
        options={formCategories(type, mode, record?.category)}
        placeholder="Select category"
        disabled={isBusy}
      />

      {hasTitle && (
        <InputField
          id={id('title')}
          label={mode === 'edit' ? kindOnWeb.editTitleLabel : 'Title'}
          error={errors.title?.message}
          className="sm:col-span-2"
          autoComplete="off"
          maxLength={TEXT_LIMITS.title}
          placeholder={kindOnWeb.titlePlaceholder}
          {...form.register('title')}
        />
      )}

      <FormField
        id={id('description')}
        label="Description"
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        <Textarea
          id={id('description')}
          rows={2}
          maxLength={TEXT_LIMITS.description}
          {...form.register('description')}
        />
      </FormField>

      <InputField
        id={id('cost')}
        label="Cost"
        error={errors.cost?.message}
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 89.50"
        {...form.register('cost')}
      />

      <FormField id={id('date')} label="Date" error={errors.date?.message}>
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DatePicker
              id={id('date')}
              value={field.value}
              onChange={field.onChange}
              disabled={isBusy}
            />
          )}
        />
      </FormField>

      <InputField
        id={id('odometer')}
        label="Odometer"
        hint="The reading at the service, optional"
        error={errors.odometer?.message}
        inputMode="decimal"
        autoComplete="off"
        // No unit until a vehicle is chosen; the place is kept so the input stays as typed.
        suffix={odometerUnit ? UNIT_LABELS[odometerUnit] : ''}
        {...form.register('odometer')}
      />

      <InputField
        id={id('location')}
        label="Location"
        autoComplete="off"
        maxLength={TEXT_LIMITS.location}
        placeholder="e.g. Main Street Garage"
        {...form.register('location')}
      />

      {/* Full width: with the odometer beside the date, the two-column rows stay whole. */}
      <InputField
        id={id('technician')}
        label="Technician"
        className="sm:col-span-2"
        autoComplete="off"
        maxLength={TEXT_LIMITS.technician}
        {...form.register('technician')}
      />

      {hasDueFields && (
        <>
          <FormField id={id('due-date')} label="Due Date">
            <Controller
              control={form.control}
              name="dueDate"
              render={({ field }) => (
                <DatePicker
                  id={id('due-date')}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={isBusy}
                  placeholder="No due date"
                />
              )}
            />
          </FormField>
          <InputField
            id={id('due-mileage')}
            label="Due Mileage"
            error={errors.dueMileage?.message}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 60000"
            {...form.register('dueMileage')}
          />
        </>
      )}

      <FormField id={id('notes')} label="Notes" className="sm:col-span-2">
        <Textarea
          id={id('notes')}
          rows={2}
          maxLength={TEXT_LIMITS.notes}
          {...form.register('notes')}
        />
      </FormField>

      <div className="min-w-0 sm:col-span-2">
        <AttachmentPicker
          layout={kindOnWeb.attachmentLayout[mode]}
          files={files}
          onChange={setFiles}
          {...(record ? { current: { fileUrl: record.fileUrl, imageUrl: record.imageUrl } } : {})}
          progress={progress}
          disabled={isBusy}
          onRefusedChange={setHasRefusedFile}
        />
      </div>
    </>
  );
}
