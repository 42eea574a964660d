/**
 * What the schemas check with of `subscription.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here, so a file and its schema never import each other.
 */

export const PLANS = ['free', 'premium'] as const;
