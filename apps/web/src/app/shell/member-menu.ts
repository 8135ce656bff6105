import {
  type FeatureRoutes,
  MEMBER_MENU_GROUP_ORDER,
  type MemberMenuEntry,
  type MemberMenuGroup,
} from '../../lib/feature-routes.ts';
import * as features from '../features.ts';

// The member centre's left menu, from the entries every feature declares in its routes.ts (app/features.ts):
// grouped, in each group by the entries' order. A group without entries is not shown.

export const MEMBER_MENU: MemberMenuEntry[] = Object.values(features)
  .flatMap((feature: FeatureRoutes) => feature.memberMenu ?? [])
  .sort(
    (a, b) => MEMBER_MENU_GROUP_ORDER.indexOf(a.group) - MEMBER_MENU_GROUP_ORDER.indexOf(b.group) || a.order - b.order,
  );

/** The groups that have entries, in their order. */
export const MEMBER_MENU_GROUPS: MemberMenuGroup[] = MEMBER_MENU_GROUP_ORDER.filter((group) =>
  MEMBER_MENU.some((item) => item.group === group),
);

/** The entry whose page (or one of its sub-pages) is open. */
export function findActiveMenuItem(pathname: string): MemberMenuEntry | undefined {
  const isUnder = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return MEMBER_MENU.find((item) => isUnder(item.path) || (item.matches ?? []).some(isUnder));
}
