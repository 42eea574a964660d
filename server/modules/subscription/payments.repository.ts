/**
 * The writes behind payments (D13): the pending upgrade, and the plan as Stripe's events set it.
 * Each event is applied only if it is not older than the newest one already applied, so a
 * replayed or late event cannot undo a newer one; the Stripe ids are facts and always kept.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { users } from '../../db/schema';

/** Records that the user is on the way to the payment page; answers the e-mail to prefill. */
export async function markSubscriptionPending(
  db: Executor,
  userId: number,
): Promise<{ email: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ subscriptionPendingAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row;
}

/** Which user an event is about: our id (checkout) or Stripe's customer or subscription id. */
export type SubscriptionOwner =
  | { userId: number }
  | { customerId: string | null; subscriptionId: string | null };

export type PlanChange = {
  status: 'free' | 'premium';
  expiresAt: Date | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** When Stripe created the event. */
  eventAt: Date;
};

/** Applies one event's plan to its user; answers how many users it matched (0 or 1). */
export async function applyPlanChange(
  db: Executor,
  owner: SubscriptionOwner,
  change: PlanChange,
): Promise<number> {
  const isNotOlder = sql`(${users.subscriptionEventAt} is null or ${users.subscriptionEventAt} <= ${change.eventAt})`;
  const where =
    'userId' in owner
      ? eq(users.id, owner.userId)
      : or(
          owner.subscriptionId ? eq(users.stripeSubscriptionId, owner.subscriptionId) : undefined,
          owner.customerId ? eq(users.stripeCustomerId, owner.customerId) : undefined,
        );
  if (!where) return 0;
  const rows = await db
    .update(users)
    .set({
      stripeCustomerId: sql`coalesce(${change.customerId}, ${users.stripeCustomerId})`,
      stripeSubscriptionId: sql`coalesce(${change.subscriptionId}, ${users.stripeSubscriptionId})`,
      subscriptionStatus: sql`case when ${isNotOlder} then ${change.status} else ${users.subscriptionStatus} end`,
      subscriptionExpiresAt: sql`case when ${isNotOlder} then ${change.expiresAt}::timestamptz else ${users.subscriptionExpiresAt} end`,
      subscriptionPendingAt: sql`case when ${isNotOlder} then null else ${users.subscriptionPendingAt} end`,
      subscriptionEventAt: sql`greatest(${users.subscriptionEventAt}, ${change.eventAt}::timestamptz)`,
    })
    .where(where)
    .returning({ id: users.id });
  return rows.length;
}
