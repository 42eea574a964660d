/**
 * Queries of `notification_settings` and `notification_deliveries` (decision 054). Every query
 * is scoped by the user's id (D9), but the unsubscribe link's, whose secret key is who it is for.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { notificationDeliveries, notificationSettings } from '../../db/schema';
import type { NotificationSettingsRow } from './channels';

export type SettingsColumns = Partial<Omit<NotificationSettingsRow, 'userId' | 'unsubscribeKey'>>;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export async function findSettings(
  db: Executor,
  userId: number,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row;
}

/** The user's row, made with its unsubscribe key if there was none, locked until the commit. */
export async function lockSettingsCreating(
  tx: Executor,
  userId: number,
  unsubscribeKey: string,
): Promise<NotificationSettingsRow> {
  await tx
    .insert(notificationSettings)
    .values({ userId, unsubscribeKey })
    .onConflictDoNothing({ target: notificationSettings.userId });
  const [row] = await tx
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for('update');
  return row!;
}

export async function updateSettings(
  db: Executor,
  userId: number,
  columns: SettingsColumns,
): Promise<NotificationSettingsRow> {
  const [row] = await db
    .update(notificationSettings)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(notificationSettings.userId, userId))
    .returning();
  return row!;
}

/**
 * The settings whose unsubscribe key this is. Keys are 64 random hex digits: one per user, never
 * guessed, so the lookup needs no user id.
 */
export async function findSettingsByUnsubscribeKey(
  db: Executor,
  unsubscribeKey: string,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.unsubscribeKey, unsubscribeKey));
  return row;
}

/** The user's newest deliveries (`notification_deliveries_user_id_idx`). */
export async function listDeliveries(
  db: Executor,
  userId: number,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.userId, userId))
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
    .limit(limit);
}

export async function insertDelivery(
  db: Executor,
  values: typeof notificationDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const [row] = await db.insert(notificationDeliveries).values(values).returning();
  return row!;
}

export async function recordDeliveryAttempt(
  db: Executor,
  userId: number,
  id: number,
  outcome: {
    status: 'sent' | 'failed';
    attempts: number;
    lastError: string | null;
    sentAt: Date | null;
  },
): Promise<DeliveryRow> {
  const [row] = await db
    .update(notificationDeliveries)
    .set(outcome)
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.userId, userId)))
    .returning();
  return row!;
}
