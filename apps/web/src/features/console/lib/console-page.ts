import type { StaffPermission } from '@anxin/shared/staff/staff-roles';
import type { ComponentType } from 'react';

/** One console page, as the site's features declare theirs (lib/feature-routes.ts). */
export type ConsolePage = {
  /** From the site's root, parameters as React Router writes them. */
  path: string;
  /** The page title (the console's header, the browser tab). */
  title: string;
  /** What the staff member needs to open it (the server checks it again on every call); null: every one. */
  permission: StaffPermission | null;
  /** Its entry in the console's menu, if it has one, with the entry's icon. */
  menu?: string;
  icon?: ComponentType;
  page: () => Promise<ComponentType>;
};
