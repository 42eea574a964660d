/**
 * The category lists of 001 §9, verbatim and in the spec's order: what each record kind's forms
 * offer and the server accepts, the legacy Modifications page's filter, and the document types.
 * Plain data: server and web share one copy.
 */

/** 001 §9: the maintenance form's categories. */
export const MAINTENANCE_CATEGORIES = [
  'Oil Change',
  'Tire Rotation',
  'Brake Service',
  'Filter Replacement',
  'Fluid Change',
  'Spark Plugs',
  'Battery Service',
  'Timing Belt',
  'Wheel Alignment',
  'Engine Tune-up',
  'Scheduled Maintenance',
  'Drivetrain',
  'Replace',
  'Other',
] as const;

/** 001 §9: the repair form's categories. */
export const REPAIR_CATEGORIES = [
  'Engine',
  'Transmission',
  'Brakes',
  'Suspension',
  'Electrical',
  'Cooling System',
  'Fuel System',
  'Exhaust',
  'Body/Frame',
  'Interior',
  'Air Conditioning',
  'Drivetrain',
  'Replace',
  'Other',
] as const;

/** 001 §9: the modification add form's categories. */
export const MODIFICATION_ADD_CATEGORIES = [
  'Performance',
  'Exterior',
  'Interior',
  'Wheels & Tires',
  'Suspension',
  'Electronics',
  'Lighting',
  'Engine',
  'Exhaust',
  'Drivetrain',
  'Replace',
  'Other',
] as const;

/** 001 §9: the modification edit form's categories (a different list from the add form's). */
export const MODIFICATION_EDIT_CATEGORIES = [
  'Performance',
  'Appearance',
  'Sound',
  'Lighting',
  'Suspension',
  'Wheels/Tires',
  'Engine',
  'Exhaust',
  'Interior',
  'Electronics',
  'Drivetrain',
  'Replace',
  'Other',
] as const;

/**
 * 001 §9: "The two modification lists differ; both readings are kept." A modification may carry
 * a category of either list, so one saved from the add form can be edited and saved again.
 */
export const MODIFICATION_CATEGORIES = [
  ...new Set([...MODIFICATION_ADD_CATEGORIES, ...MODIFICATION_EDIT_CATEGORIES]),
] as ReadonlyArray<
  (typeof MODIFICATION_ADD_CATEGORIES)[number] | (typeof MODIFICATION_EDIT_CATEGORIES)[number]
>;

/** 001 §3, §9: the types of a stored document. */
export const STORED_DOCUMENT_TYPES = [
  'receipt',
  'invoice',
  'insurance',
  'manual',
  'registration',
  'other',
] as const;

/** D27: the Documents view's extra filter entry for files attached to records. */
export const RECORD_ATTACHMENT_TYPE_LABEL = 'Record attachment';
