/**
 * The tables of Garage Ledger (000 §3, 001 §3 and the columns DECISIONS add). Migrations in
 * ./migrations are generated from this file with `npm run db:generate`; a test fails when the two
 * drift. Every per-user table carries `user_id` with an index that starts with it, so every list
 * a user sees is an index range (and the tables can be sharded by user).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** drizzle-orm has no bytea column; `pg` hands Buffers in and out. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** D3: exact money, returned by `pg` as a string and converted at the repository's edge. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

const createdAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** Decision 050: an odometer reading in its vehicle's unit, to a tenth (0 to 10,000,000). */
const odometer = (name: string) => numeric(name, { precision: 9, scale: 1 });

/**
 * Decision 055: the import or restore that added the row, so that undoing it removes exactly its
 * rows. A plain integer, not a foreign key: the import's row outlives nothing it added, and a row
 * keeps the number after its import is forgotten.
 */
const importId = () => integer('import_id');

/** Undo finds an import's rows by this index; rows entered by hand stay out of it. */
function importIdIndex(name: string, column: AnyPgColumn) {
  return index(name).on(column).where(sql`${column} is not null`);
}

/** Decision 050: a quantity, a price per unit or a capacity, to 3 decimals as pumps show them. */
const quantity = (name: string) => numeric(name, { precision: 12, scale: 3 });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // D35: unique, derived from the e-mail or the provider; never a collision error.
    username: varchar('username', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    // D6: Argon2id; null for externally managed accounts.
    passwordHash: text('password_hash'),
    // 000 §3: 'local' for registered accounts; D10's 'oidc' is the spec's 'replit'.
    authType: varchar('auth_type', { length: 20 }).notNull().default('oidc'),
    // D10: an externally managed user is found again by issuer + subject.
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    subscriptionStatus: varchar('subscription_status', { length: 20 }).notNull().default('free'),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionPendingAt: timestamp('subscription_pending_at', { withTimezone: true }),
    // D13: when the newest Stripe event applied to the plan was created, so that a replayed or
    // late event never undoes a newer one.
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
    // D43
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // D38: the user's dashboard sections, in order, with their visibility.
    dashboardLayout: jsonb('dashboard_layout'),
    // Decision 035: 'system', 'light' or 'dark'.
    theme: varchar('theme', { length: 10 }).notNull().default('system'),
    // Decision 050 (D49): the units and currency figures are shown in; amounts are stored as
    // entered, in `currency`.
    distanceUnit: varchar('distance_unit', { length: 2 }).notNull().default('mi'),
    volumeUnit: varchar('volume_unit', { length: 10 }).notNull().default('galUS'),
    economyFormat: varchar('economy_format', { length: 10 }).notNull().default('mpgUS'),
    electricFormat: varchar('electric_format', { length: 10 }).notNull().default('mi/kWh'),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    // Decision 066 (D52): the IANA zone the user's days begin in, on the server and the web:
    // what "today" is for every date judged for them.
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    createdAt: createdAt('created_at'),
    updatedAt: createdAt('updated_at'),
  },
  (table) => [
    uniqueIndex('users_username_key').on(table.username),
    // E-mail addresses are unique whatever their case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_oidc_identity_key').on(table.oidcIssuer, table.oidcSubject),
  ],
);

/**
 * Decision 053: the user's data version, raised once by every transaction that changes the
 * user's data (the deferred triggers of migration 0008), so that an answer computed at one
 * version is the answer while it holds. A row of its own, not a column of `users`: the triggers
 * lock it as the transaction commits, after every other lock, so it never orders against the
 * user's row that plan-limited creates lock first (decision 041).
 */
export const userDataVersions = pgTable('user_data_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** D5: server-side sessions; `sid` is the SHA-256 of the cookie's token, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expire_idx').on(table.expire),
  ],
);

/**
 * D10: an OpenID Connect sign-in in progress. The browser holds the random `state` in a cookie;
 * we keep its hash with the PKCE verifier and nonce, used once, for ten minutes.
 */
export const loginFlows = pgTable(
  'login_flows',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (table) => [index('login_flows_expire_idx').on(table.expire)],
);

/** D8: sign-in and registration attempt counters, shared by every app server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const vehicles = pgTable(
  'vehicles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    make: varchar('make', { length: 200 }).notNull(),
    model: varchar('model', { length: 200 }).notNull(),
    trim: varchar('trim', { length: 200 }),
    mileage: integer('mileage'),
    vin: varchar('vin', { length: 32 }),
    purchaseDate: date('purchase_date'),
    purchasePrice: money('purchase_price'),
    currentValue: money('current_value'),
    licensePlate: varchar('license_plate', { length: 32 }),
    color: varchar('color', { length: 200 }),
    imageUrl: text('image_url'),
    notes: text('notes'),
    isProject: boolean('is_project').notNull().default(false),
    projectType: varchar('project_type', { length: 100 }),
    // Decision 050: the energy profile. One or two propulsion energies, in the screens' order;
    // `mileage` above is kept equal to the current odometer reading.
    energies: text('energies').array().notNull().default(sql`'{gasoline}'::text[]`),
    auxiliary: varchar('auxiliary', { length: 20 }),
    /** Litres. */
    tankCapacity: quantity('tank_capacity'),
    /** kWh. */
    batteryCapacity: quantity('battery_capacity'),
    // What its dashboard shows: its mileage and every reading of it are in this unit.
    odometerUnit: varchar('odometer_unit', { length: 2 }).notNull().default('mi'),
    addedAt: createdAt('added_at'),
    importId: importId(),
  },
  (table) => [
    index('vehicles_user_id_idx').on(table.userId, table.addedAt),
    importIdIndex('vehicles_import_id_idx', table.importId),
  ],
);

export const vehicleImages = pgTable(
  'vehicle_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    caption: varchar('caption', { length: 100 }),
    isPrimary: boolean('is_primary').notNull().default(false),
    addedAt: createdAt('added_at'),
    importId: importId(),
  },
  (table) => [
    index('vehicle_images_vehicle_id_idx').on(table.vehicleId),
    importIdIndex('vehicle_images_import_id_idx', table.importId),
    index('vehicle_images_user_id_idx').on(table.userId),
    // Exactly one primary image per vehicle, whatever races (001 §2).
    uniqueIndex('vehicle_images_one_primary_key')
      .on(table.vehicleId)
      .where(sql`${table.isPrimary}`),
  ],
);

/** The columns the three record kinds share (001 §3, D25 notes). */
const recordColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  vehicleId: integer('vehicle_id')
    .notNull()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 200 }),
  category: varchar('category', { length: 200 }).notNull(),
  description: text('description'),
  cost: money('cost'),
  date: date('date'),
  location: varchar('location', { length: 200 }),
  technician: varchar('technician', { length: 200 }),
  notes: text('notes'),
  fileUrl: text('file_url'),
  imageUrl: text('image_url'),
  isCompleted: boolean('is_completed').notNull().default(false),
  // D19: "a record completed" is an activity event with its own moment.
  completedAt: timestamp('completed_at', { withTimezone: true }),
  // Decision 050: the odometer at the service, in the vehicle's unit; also an odometer reading.
  odometer: odometer('odometer'),
  addedAt: createdAt('added_at'),
  importId: importId(),
});

/** A record's day as the pages of the unified list sort it: newest first, undated last. */
const undatedLastDesc = (date: AnyPgColumn) => sql`coalesce(${date}, '-infinity'::date) desc`;

/**
 * The pages of the Documents view read a kind's records with a file, and those with a photo, each
 * from its keyset bound (decision 057): only those rows are in these indexes, so a garage of
 * thousands of records with a few files reads a few entries, not every record.
 */
function attachedRecordIndexes(
  tableName: 'maintenance' | 'repairs' | 'modifications',
  table: {
    userId: AnyPgColumn;
    date: AnyPgColumn;
    id: AnyPgColumn;
    fileUrl: AnyPgColumn;
    imageUrl: AnyPgColumn;
  },
) {
  return (['file', 'image'] as const).map((attachment) =>
    index(`${tableName}_user_${attachment}_date_idx`)
      .on(table.userId, undatedLastDesc(table.date), sql`${table.id} desc`)
      .where(sql`${attachment === 'file' ? table.fileUrl : table.imageUrl} is not null`),
  );
}

export const maintenance = pgTable(
  'maintenance',
  {
    ...recordColumns(),
    dueDate: date('due_date'),
    dueMileage: integer('due_mileage'),
    // Decision 054: the service schedule this record completed; kept when the schedule goes.
    scheduleId: integer('schedule_id').references(() => serviceSchedules.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('maintenance_user_id_idx').on(table.userId, table.isCompleted),
    index('maintenance_vehicle_id_idx').on(table.vehicleId),
    // Decision 057: the pages of the unified list read each kind from its keyset bound.
    index('maintenance_user_date_idx').on(
      table.userId,
      undatedLastDesc(table.date),
      sql`${table.id} desc`,
    ),
    ...attachedRecordIndexes('maintenance', table),
    importIdIndex('maintenance_import_id_idx', table.importId),
    index('maintenance_schedule_id_idx')
      .on(table.scheduleId)
      .where(sql`${table.scheduleId} is not null`),
  ],
);

export const repairs = pgTable('repairs', recordColumns(), (table) => [
  index('repairs_user_id_idx').on(table.userId, table.isCompleted),
  index('repairs_vehicle_id_idx').on(table.vehicleId),
  // Decision 057: the pages of the unified list read each kind from its keyset bound.
  index('repairs_user_date_idx').on(
    table.userId,
    undatedLastDesc(table.date),
    sql`${table.id} desc`,
  ),
  ...attachedRecordIndexes('repairs', table),
  importIdIndex('repairs_import_id_idx', table.importId),
]);

export const modifications = pgTable('modifications', recordColumns(), (table) => [
  index('modifications_user_id_idx').on(table.userId, table.isCompleted),
  index('modifications_vehicle_id_idx').on(table.vehicleId),
  // Decision 057: the pages of the unified list read each kind from its keyset bound.
  index('modifications_user_date_idx').on(
    table.userId,
    undatedLastDesc(table.date),
    sql`${table.id} desc`,
  ),
  ...attachedRecordIndexes('modifications', table),
  importIdIndex('modifications_import_id_idx', table.importId),
]);

/** Photos of a record; `record_type` says which of the three tables `record_id` points into. */
export const recordImages = pgTable(
  'record_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordId: integer('record_id').notNull(),
    recordType: varchar('record_type', { length: 20 }).notNull(),
    imageUrl: text('image_url').notNull(),
    caption: varchar('caption', { length: 100 }),
    isPrimary: boolean('is_primary').notNull().default(false),
    addedAt: createdAt('added_at'),
    importId: importId(),
  },
  (table) => [
    index('record_images_user_record_idx').on(table.userId, table.recordType, table.recordId),
    importIdIndex('record_images_import_id_idx', table.importId),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    type: varchar('type', { length: 20 }).notNull().default('other'),
    fileUrl: text('file_url'),
    date: date('date'),
    amount: money('amount'),
    notes: text('notes'),
    addedAt: createdAt('added_at'),
    importId: importId(),
  },
  (table) => [
    index('documents_user_id_idx').on(table.userId, table.vehicleId),
    // The Documents view's pages: the user's documents with a file, newest first, undated last.
    index('documents_user_file_date_idx')
      .on(table.userId, undatedLastDesc(table.date), sql`${table.id} desc`)
      .where(sql`${table.fileUrl} is not null`),
    importIdIndex('documents_import_id_idx', table.importId),
  ],
);

/** D14: uploaded files live in the database; `id` is random so URLs cannot be guessed. */
export const binaryFiles = pgTable(
  'binary_files',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: bytea('data').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    originalName: varchar('original_name', { length: 255 }),
    size: integer('size').notNull(),
    // D15: photos get a small re-encoded copy for lists,
    thumbnail: bytea('thumbnail'),
    // and one for showing them large on a phone (DISPLAY_WIDTH); photos stored before it had
    // none and are shown from `data`.
    display: bytea('display'),
    createdAt: createdAt('created_at'),
  },
  (table) => [index('binary_files_user_id_idx').on(table.userId)],
);

/**
 * Decision 050: fill-ups and charges. The quantity is kept as typed with its unit, and in the
 * energy's canonical unit (litres, kilograms, kWh) for the arithmetic; money to the cent (D3).
 */
export const energyEntries = pgTable(
  'energy_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    odometer: odometer('odometer'),
    energy: varchar('energy', { length: 20 }).notNull(),
    quantity: quantity('quantity').notNull(),
    unit: varchar('unit', { length: 10 }).notNull(),
    // Six decimals keep the exact factors' products (10 US gal = 37.854118 L) for the sums.
    canonicalQuantity: numeric('canonical_quantity', { precision: 16, scale: 6 }).notNull(),
    unitPrice: quantity('unit_price').notNull(),
    totalCost: money('total_cost').notNull(),
    isFull: boolean('is_full').notNull().default(true),
    missedPrevious: boolean('missed_previous').notNull().default(false),
    place: varchar('place', { length: 200 }),
    notes: text('notes'),
    fileUrl: text('file_url'),
    imageUrl: text('image_url'),
    chargerKind: varchar('charger_kind', { length: 10 }),
    socStart: integer('soc_start'),
    socEnd: integer('soc_end'),
    batteryKwh: quantity('battery_kwh'),
    distanceOnEnergy: odometer('distance_on_energy'),
    addedAt: createdAt('added_at'),
    importId: importId(),
  },
  (table) => [
    // A vehicle's pages, newest first, and its economy's read.
    index('energy_entries_vehicle_date_idx').on(
      table.vehicleId,
      table.date.desc(),
      table.id.desc(),
    ),
    // The user's reads: the plan's count, the export, the files in use.
    index('energy_entries_user_id_idx').on(table.userId, table.vehicleId),
    importIdIndex('energy_entries_import_id_idx', table.importId),
  ],
);

/**
 * Decision 050: every odometer reading of a vehicle. One entered alone is `manual`; one that came
 * with an energy entry or a record names it, and there is at most one per source row. Whether a
 * reading is flagged depends on its neighbours and is computed on read; only the user's
 * confirmation is stored.
 */
export const odometerReadings = pgTable(
  'odometer_readings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    odometer: odometer('odometer').notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    energyEntryId: integer('energy_entry_id').references(() => energyEntries.id, {
      onDelete: 'cascade',
    }),
    // A record's kind (as `record_images.record_type`) and id: three tables, so no foreign key.
    recordType: varchar('record_type', { length: 20 }),
    recordId: integer('record_id'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    addedAt: createdAt('added_at'),
    importId: importId(),
  },
  (table) => [
    index('odometer_readings_vehicle_date_idx').on(table.vehicleId, table.date, table.id),
    index('odometer_readings_user_id_idx').on(table.userId, table.vehicleId),
    importIdIndex('odometer_readings_import_id_idx', table.importId),
    uniqueIndex('odometer_readings_energy_entry_key')
      .on(table.energyEntryId)
      .where(sql`${table.energyEntryId} is not null`),
    uniqueIndex('odometer_readings_record_key')
      .on(table.recordType, table.recordId)
      .where(sql`${table.recordId} is not null`),
  ],
);

/**
 * Decision 054: a vehicle's service schedule, repeating by months and/or distance (whichever
 * comes first). The next due point is computed from these columns on read (contract/schedules.ts):
 * from the last time it was done, from the due point that completion fulfilled when the intervals
 * are fixed, or from the first due point before it was ever done. Distances are in the vehicle's
 * odometer unit.
 */
export const serviceSchedules = pgTable(
  'service_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    category: varchar('category', { length: 200 }).notNull(),
    intervalMonths: integer('interval_months'),
    intervalDistance: integer('interval_distance'),
    firstDueDate: date('first_due_date'),
    firstDueOdometer: odometer('first_due_odometer'),
    lastDoneDate: date('last_done_date'),
    lastDoneOdometer: odometer('last_done_odometer'),
    fixedIntervals: boolean('fixed_intervals').notNull().default(false),
    // The due point the last completion fulfilled: where fixed intervals count on from.
    previousDueDate: date('previous_due_date'),
    previousDueOdometer: odometer('previous_due_odometer'),
    // How many times it was completed: the occurrence its next due point belongs to, which keys
    // its reminders and its calendar event.
    occurrence: integer('occurrence').notNull().default(0),
    addedAt: createdAt('added_at'),
    importId: importId(),
  },
  (table) => [
    index('service_schedules_user_id_idx').on(table.userId, table.vehicleId),
    importIdIndex('service_schedules_import_id_idx', table.importId),
    index('service_schedules_vehicle_id_idx').on(table.vehicleId),
  ],
);

/**
 * Decision 054: where and when a user's reminders go. One row per user, made on the first save;
 * without it the defaults apply and nothing is sent.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailEnabled: boolean('email_enabled').notNull().default(false),
    ntfyUrl: text('ntfy_url'),
    ntfyToken: text('ntfy_token'),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    notifyDueSoon: boolean('notify_due_soon').notNull().default(true),
    notifyOverdue: boolean('notify_overdue').notNull().default(true),
    weeklyDigest: boolean('weekly_digest').notNull().default(false),
    dueSoonDays: integer('due_soon_days').notNull().default(14),
    dueSoonDistance: integer('due_soon_distance').notNull().default(500),
    // The secret of the unsubscribe links (with the channel they stop), random per user.
    unsubscribeKey: varchar('unsubscribe_key', { length: 64 }).notNull(),
    // When the weekly digest is next sent (Monday 08:00 in the user's `time_zone`); null until the scan
    // first sees the digest turned on.
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
    updatedAt: createdAt('updated_at'),
  },
  (table) => [
    uniqueIndex('notification_settings_unsubscribe_key').on(table.unsubscribeKey),
    index('notification_settings_digest_due_at_idx')
      .on(table.digestDueAt)
      .where(sql`${table.weeklyDigest}`),
  ],
);

/**
 * Decision 054: when a vehicle's reminders are next looked at. Any write to its schedules,
 * records, odometer readings or mileage sets `check_at` to now (triggers of migration 0009);
 * the scan evaluates the vehicle's items and sets it to the next moment one of them can change
 * state by time alone (a date reached, a predicted date near), or null.
 */
export const reminderChecks = pgTable(
  'reminder_checks',
  {
    vehicleId: integer('vehicle_id')
      .primaryKey()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkAt: timestamp('check_at', { withTimezone: true }),
    // Decision 062: when the owner's reminders could not be judged on the last look (their data
    // threw); they are skipped, looked at again later, and counted by /healthz until a look works.
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('reminder_checks_check_at_idx')
      .on(table.checkAt)
      .where(sql`${table.checkAt} is not null`),
    index('reminder_checks_failed_user_idx')
      .on(table.userId)
      .where(sql`${table.failedAt} is not null`),
    index('reminder_checks_user_id_idx').on(table.userId),
  ],
);

/**
 * Decision 054: an item seen entering a state, once per item, occurrence and state whatever
 * happens after (the unique key), so a reminder is never repeated; the deliveries hang off it.
 */
export const reminderEvents = pgTable(
  'reminder_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    // 'schedule' or 'maintenance', and its id (two tables, so no foreign key).
    itemType: varchar('item_type', { length: 20 }).notNull(),
    itemId: integer('item_id').notNull(),
    occurrence: integer('occurrence').notNull(),
    // 'dueSoon' or 'overdue'
    state: varchar('state', { length: 10 }).notNull(),
    seenAt: createdAt('seen_at'),
  },
  (table) => [
    uniqueIndex('reminder_events_item_key').on(
      table.itemType,
      table.itemId,
      table.occurrence,
      table.state,
    ),
    index('reminder_events_user_id_idx').on(table.userId, table.seenAt),
  ],
);

/**
 * Decision 054: one message to one channel. `sent_key` (item, occurrence, state and channel; or
 * the digest's week and channel) is unique, so a message is queued once however many servers
 * scan; the delivery job records the send on this row.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentKey: text('sent_key').notNull(),
    eventId: integer('event_id').references(() => reminderEvents.id, { onDelete: 'cascade' }),
    // 'email', 'ntfy' or 'webhook'
    channel: varchar('channel', { length: 10 }).notNull(),
    // 'dueSoon', 'overdue', 'digest' or 'test'
    kind: varchar('kind', { length: 10 }).notNull(),
    // What is said, fixed when it is queued: { subject, text, link, … }.
    message: jsonb('message').notNull(),
    // 'pending', 'sent', 'failed' (after the last attempt) or 'cancelled' (channel turned off)
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // When a pending delivery may be tried (again): now when queued, later after a failure.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt('created_at'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notification_deliveries_sent_key').on(table.sentKey),
    index('notification_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('notification_deliveries_user_id_idx').on(table.userId, table.createdAt),
  ],
);

/** Decision 054: the secret of a user's calendar feed URL, as its SHA-256; one per user. */
export const calendarTokens = pgTable(
  'calendar_tokens',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt('created_at'),
  },
  (table) => [uniqueIndex('calendar_tokens_token_hash_key').on(table.tokenHash)],
);

/** Decision 054: a password reset link's token, as its SHA-256; single use, one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt('created_at'),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/**
 * Decision 055: an import or a restore, from its preview to its undoing. The preview's input
 * (what the readers found, or the backup's document) waits in `source` until it is applied or
 * expires; the user's choices (units, date order, where each vehicle goes) in `choices`. Applied,
 * the input is dropped and `added` keeps what was added; its rows carry its id in `import_id`.
 */
export const imports = pgTable(
  'imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'import' (another app's files, or ours through the import) or 'restore'
    kind: varchar('kind', { length: 10 }).notNull(),
    format: varchar('format', { length: 30 }).notNull(),
    fileNames: text('file_names').array().notNull(),
    // 'preview', 'applied' or 'undone'
    status: varchar('status', { length: 10 }).notNull().default('preview'),
    source: jsonb('source'),
    // Decision 061: the preview as last computed (upload, choices, apply), so that reading it
    // again is one query of its own row, never a second reading of the file.
    preview: jsonb('preview'),
    choices: jsonb('choices').notNull().default({}),
    added: jsonb('added'),
    createdAt: createdAt('created_at'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    index('imports_user_id_idx').on(table.userId, table.createdAt),
    index('imports_preview_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'preview'`),
  ],
);

/**
 * Decision 055: the files of a backup waiting for its restore to be applied, checked and with
 * their copies made, under the backup's name for them. Applying copies them into `binary_files`
 * under new ids; they go with their import.
 */
export const importFiles = pgTable(
  'import_files',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    originalName: varchar('original_name', { length: 255 }),
    thumbnail: bytea('thumbnail'),
    display: bytea('display'),
    sha256: varchar('sha256', { length: 64 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.key] })],
);
