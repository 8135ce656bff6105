import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConsoleLayout, RequirePermission, RequireStaff } from '../features/console/index.ts';
import { CONSOLE_PAGES } from '../features/console/routes.ts';
import { consoleRoutes } from './console-router.tsx';
import type { RouteHandle } from './shell/use-route-title.ts';

const addressOf = (path: string) => path.replace(/:[a-zA-Z]+/g, 'x1');

/** What the console's route table does with `pathname`: the page's title and the guards around it. */
function servedAs(pathname: string) {
  const matches = matchRoutes(consoleRoutes, pathname) ?? [];
  const elements = matches.map(({ route }) => route.element).filter(isValidElement);
  const handle = matches.at(-1)?.route.handle as RouteHandle | undefined;
  const permission = elements.find((element) => element.type === RequirePermission)?.props as
    | { permission: string }
    | undefined;
  return {
    title: handle?.title,
    hasPage: typeof handle?.preload === 'function',
    isStaffOnly: elements.some((element) => element.type === RequireStaff),
    isInLayout: elements.some((element) => element.type === ConsoleLayout),
    permission: permission?.permission ?? null,
  };
}

describe('the console route table, from features/console/routes.ts', () => {
  it.each(CONSOLE_PAGES.map((page) => [page.path, page] as const))(
    'serves %s with its title, in the console layout, to staff holding its permission',
    (path, declared) => {
      expect(servedAs(addressOf(path))).toEqual({
        title: declared.title,
        hasPage: true,
        isStaffOnly: true,
        isInLayout: true,
        permission: declared.permission,
      });
    },
  );

  it('serves the sign-in page to anyone, outside the layout', () => {
    expect(servedAs('/admin/login')).toMatchObject({ title: '员工登录', hasPage: true, isStaffOnly: false });
  });

  it('declares each address once', () => {
    const paths = CONSOLE_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
