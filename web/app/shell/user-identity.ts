/** How the shell names the signed-in user: full name, a second line, and avatar initials. */
import { displayName, type User } from '@contract/accounts';

type Named = Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>;

/** "Ada Lovelace", else the display name of 000 §2 (first name, else username). */
export function fullName(user: Named): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return name || displayName(user);
}

/** The e-mail, else the username (000 §2). */
export function secondaryLine(user: Named): string {
  return user.email || user.username;
}

/** "AL" for Ada Lovelace; the username's first two letters otherwise. */
export function initials(user: Named): string {
  const first = user.firstName?.trim()?.[0];
  const last = user.lastName?.trim()?.[0];
  if (first && last) return `${first}${last}`.toUpperCase();
  return fullName(user).slice(0, 2).toUpperCase();
}
