/**
 * The free and Premium plans (D12, D13, D36, D37, decision 041): what the user's plan allows,
 * answered to the client as the subscription status, enforced inside every create that a plan
 * limits and every store of a file (the storage quota), and asked by the expenses analytics.
 */
import {
  FREE_PLAN_LIMITS,
  PLAN_LIMIT_CODE,
  PLAN_MESSAGES,
  type Plan,
  type SubscriptionStatus,
} from '@contract/subscription';
import { UPLOAD_MESSAGES } from '@contract/uploads';
import { AppError, unauthorized } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/open';
import { sumStoredBytes } from '../uploads/uploads.repository';
import {
  countRecords,
  countVehicles,
  findPlanUsage,
  findUserPlan,
  lockUserPlan,
  type PlanRow,
} from './subscription.repository';

/** D13: Premium only while it has not lapsed; anything else is the free plan. */
export function planOf(row: PlanRow, now = new Date()): Plan {
  const isCurrent =
    row.subscriptionExpiresAt === null || row.subscriptionExpiresAt.getTime() > now.getTime();
  return row.subscriptionStatus === 'premium' && isCurrent ? 'premium' : 'free';
}

const planLimitReached = (message: string) => new AppError(402, message, { code: PLAN_LIMIT_CODE });

export function createSubscriptionService({
  db,
  config,
}: {
  db: Db;
  config: Pick<Config, 'planLimitsEnabled' | 'paymentLinkUrl' | 'storage'>;
}) {
  /**
   * Decision 041: the bytes a user's files may take. Premium's quota where the plan's limits
   * are off, as on a server that sells nothing everyone has what Premium has (decision 034).
   */
  function storageQuotaOf(plan: Plan): number {
    return !config.planLimitsEnabled || plan === 'premium'
      ? config.storage.premiumQuotaBytes
      : config.storage.freeQuotaBytes;
  }

  /**
   * Locks the user's row (concurrent creates line up behind it, D12) and answers whether the
   * free plan's limits apply to this user.
   */
  async function lockLimitedUser(tx: Executor, userId: number): Promise<boolean> {
    if (!config.planLimitsEnabled) return false;
    const row = await lockUserPlan(tx, userId);
    if (!row) throw unauthorized();
    return planOf(row) === 'free';
  }

  return {
    /** `GET /api/subscription/status` (D12, D36). */
    async getStatus(userId: number): Promise<SubscriptionStatus> {
      const row = await findPlanUsage(db, userId);
      if (!row) throw unauthorized();
      const plan = planOf(row);
      const isLimited = config.planLimitsEnabled && plan === 'free';
      return {
        plan,
        canAddVehicle: !isLimited || row.vehicleCount < FREE_PLAN_LIMITS.vehicles,
        canAddRecord: !isLimited || row.recordCount < FREE_PLAN_LIMITS.records,
        vehicleCount: row.vehicleCount,
        recordCount: row.recordCount,
        limits: isLimited
          ? { vehicles: FREE_PLAN_LIMITS.vehicles, records: FREE_PLAN_LIMITS.records }
          : { vehicles: null, records: null },
        expiresAt: plan === 'premium' ? (row.subscriptionExpiresAt?.toISOString() ?? null) : null,
        paymentLinkUrl: config.paymentLinkUrl ?? null,
        storage: { usedBytes: row.storedBytes, quotaBytes: storageQuotaOf(plan) },
      };
    },

    /** D37: advanced analytics (periods, cost per mile, export) for Premium, or for everyone
     * when the plan limits are off. */
    async hasAdvancedAnalytics(userId: number): Promise<boolean> {
      if (!config.planLimitsEnabled) return true;
      const row = await findUserPlan(db, userId);
      if (!row) throw unauthorized();
      return planOf(row) === 'premium';
    },

    /** D12: called first inside the vehicle create's transaction; 402 past the free plan. */
    async assertCanAddVehicle(tx: Executor, userId: number): Promise<void> {
      if (!(await lockLimitedUser(tx, userId))) return;
      if ((await countVehicles(tx, userId)) >= FREE_PLAN_LIMITS.vehicles) {
        throw planLimitReached(PLAN_MESSAGES.vehicleLimit);
      }
    },

    /** D12: called first inside each record create's transaction; 402 past the free plan. */
    async assertCanAddRecord(tx: Executor, userId: number): Promise<void> {
      if (!(await lockLimitedUser(tx, userId))) return;
      if ((await countRecords(tx, userId)) >= FREE_PLAN_LIMITS.records) {
        throw planLimitReached(PLAN_MESSAGES.recordLimit);
      }
    },

    /**
     * Decision 055: an import adds many rows at once; called first inside its transaction, like
     * the creates above, with what it adds. 402 when the free plan's limits would be passed.
     */
    async assertRoomFor(
      tx: Executor,
      userId: number,
      adding: { vehicles: number; records: number },
    ): Promise<void> {
      if (!(await lockLimitedUser(tx, userId))) return;
      if (
        adding.vehicles > 0 &&
        (await countVehicles(tx, userId)) + adding.vehicles > FREE_PLAN_LIMITS.vehicles
      ) {
        throw planLimitReached(PLAN_MESSAGES.vehicleLimit);
      }
      if (
        adding.records > 0 &&
        (await countRecords(tx, userId)) + adding.records > FREE_PLAN_LIMITS.records
      ) {
        throw planLimitReached(PLAN_MESSAGES.recordLimit);
      }
    },

    /**
     * Decision 041: 413 when the user's files already fill the quota. Read without a lock: a
     * quick refusal before an upload is processed; the answer that counts is `assertRoomToStore`.
     */
    async assertStorageNotFull(userId: number): Promise<void> {
      const row = await findUserPlan(db, userId);
      if (!row) throw unauthorized();
      const quotaBytes = storageQuotaOf(planOf(row));
      const usedBytes = await sumStoredBytes(db, userId);
      if (usedBytes >= quotaBytes) {
        throw new AppError(413, UPLOAD_MESSAGES.storageFull(quotaBytes, usedBytes));
      }
    },

    /**
     * Decision 041: called first inside the transaction of every store of files, before any
     * other lock (the user's row comes before vehicles, as in the creates above): with the
     * user's row locked, the bytes already stored and `bytes` more must fit the plan's quota,
     * else 413 naming it. Concurrent stores of one user line up, so together they cannot pass it.
     */
    async assertRoomToStore(tx: Executor, userId: number, bytes: number): Promise<void> {
      const row = await lockUserPlan(tx, userId);
      if (!row) throw unauthorized();
      const quotaBytes = storageQuotaOf(planOf(row));
      const usedBytes = await sumStoredBytes(tx, userId);
      if (usedBytes + bytes > quotaBytes) {
        throw new AppError(413, UPLOAD_MESSAGES.storageFull(quotaBytes, usedBytes));
      }
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
