import type { StaffMember } from '@anxin/shared/staff/staff.contract';
import type { ComponentType } from 'react';
import { CONSOLE_PAGES } from '../routes.ts';
import { hasPermission } from './use-staff.ts';

export type ConsoleNavItem = { path: string; label: string; icon?: ComponentType };

/** The menu entries `staff` may open, in the order of the pages. */
export function navFor(staff: StaffMember | undefined): ConsoleNavItem[] {
  return CONSOLE_PAGES.flatMap(({ path, menu, icon, permission }) =>
    menu && (permission === null || hasPermission(staff, permission)) ? [{ path, label: menu, icon }] : [],
  );
}

/** The menu entry a page belongs to: the longest entry path the address starts with. */
export function navPathOf(pathname: string): string | undefined {
  return CONSOLE_PAGES.filter(({ menu }) => menu)
    .map(({ path }) => path)
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
}
