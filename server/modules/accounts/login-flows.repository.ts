/** D10: single sign-on flows in progress, each used once. */
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { loginFlows } from '../../db/schema';

export type LoginFlow = typeof loginFlows.$inferSelect;

export async function insertLoginFlow(db: Executor, flow: LoginFlow) {
  await db.insert(loginFlows).values(flow);
}

/** Reads and deletes the flow in one statement, so a state can never be replayed. */
export async function takeLoginFlow(
  db: Executor,
  stateHash: string,
): Promise<LoginFlow | undefined> {
  const [row] = await db.delete(loginFlows).where(eq(loginFlows.stateHash, stateHash)).returning();
  return row;
}

export async function deleteExpiredLoginFlows(db: Executor, now: Date) {
  await db.delete(loginFlows).where(lt(loginFlows.expire, now));
}
