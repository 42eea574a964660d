/**
 * D35: usernames are unique and derived, never a collision error: the e-mail's local part (or the
 * provider's preferred username), with the lowest free numeric suffix when it is taken.
 */
import { TEXT_LIMITS } from '@contract/common';

const MAX_BASE = TEXT_LIMITS.name - 10;

export function usernameBase(preferred: string | undefined, email: string): string {
  const source = preferred?.trim() || email.split('@')[0] || '';
  const cleaned = source
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .slice(0, MAX_BASE);
  return cleaned || 'user';
}

/** The first of `base`, `base2`, `base3`… that is not in `taken`. */
export function firstFreeUsername(base: string, taken: string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    if (!used.has(`${base}${suffix}`)) return `${base}${suffix}`;
  }
}
