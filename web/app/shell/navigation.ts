/**
 * Where the signed-in shell leads (000 §2): the sidebar's places (the spec's four and Records,
 * decision 032) and the phone tab bar's four tabs, and which one the current path belongs to.
 */
import {
  Car,
  ClipboardList,
  House,
  LayoutDashboard,
  type LucideIcon,
  Receipt,
  UserRound,
} from 'lucide-react';

export type NavItem = {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Further paths that count as this place (My Vehicles owns /vehicles/{id}…). */
  matches: (path: string) => boolean;
};

const exactly =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);
const within = (base: string) => (path: string) => path === base || path.startsWith(`${base}/`);

// D24: /home is the dashboard too.
const isDashboard = exactly('/dashboard', '/home');
// 001 §2: the legacy pages open their views inside /records (they redirect there at once).
const isRecords = (path: string) =>
  within('/records')(path) || exactly('/documents', '/modifications', '/maintenance')(path);

export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, matches: isDashboard },
  { href: '/vehicles', label: 'My Vehicles', icon: Car, matches: within('/vehicles') },
  // Decision 032: on a wide screen the records are one click away; the tab bar keeps the four.
  { href: '/records', label: 'Records', icon: ClipboardList, matches: isRecords },
  { href: '/expenses', label: 'Expenses', icon: Receipt, matches: within('/expenses') },
  { href: '/account', label: 'Account', icon: UserRound, matches: within('/account') },
];

export const TAB_ITEMS: readonly NavItem[] = [
  { href: '/dashboard', label: 'Home', icon: House, matches: isDashboard },
  { href: '/vehicles', label: 'Vehicles', icon: Car, matches: within('/vehicles') },
  { href: '/expenses', label: 'Expenses', icon: Receipt, matches: within('/expenses') },
  { href: '/account', label: 'Account', icon: UserRound, matches: within('/account') },
];

/** Paths that never show the shell or the tab bar (000 §2). */
export const PATHS_WITHOUT_SHELL = ['/', '/auth'] as const;

export function isShellPath(path: string): boolean {
  return !(PATHS_WITHOUT_SHELL as readonly string[]).includes(path);
}
