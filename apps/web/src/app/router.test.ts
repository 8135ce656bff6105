import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FeaturePage, FeatureRoutes } from '../lib/feature-routes.ts';
import * as features from './features.ts';
import { RedirectMemberToHome, RequireMember } from './route-guards.tsx';
import { siteRoutes } from './router.tsx';
import { AuthLayout } from './shell/auth-layout.tsx';
import type { RouteHandle } from './shell/use-route-title.ts';

const FEATURES: FeatureRoutes[] = Object.values(features);
const PAGES = FEATURES.flatMap((feature) => feature.pages);

/** An address of `path`: each parameter given a value, an optional one left out. */
const addressOf = (path: string) => path.replace(/\/:[a-zA-Z]+\?/g, '').replace(/:[a-zA-Z]+/g, 'x1');

/** What the route table does with `pathname`: the page's title and the frame and guards around it. */
function servedAs(pathname: string) {
  const matches = matchRoutes(siteRoutes, pathname) ?? [];
  const elements = matches.map(({ route }) => route.element).filter(isValidElement);
  const has = (component: unknown) => elements.some((element) => element.type === component);
  return {
    title: (matches.at(-1)?.route.handle as RouteHandle | undefined)?.title,
    hasPage: typeof (matches.at(-1)?.route.handle as RouteHandle | undefined)?.preload === 'function',
    isAuthLayout: has(AuthLayout),
    isMemberOnly: has(RequireMember),
    isVisitorOnly: has(RedirectMemberToHome),
    depth: matches.length,
  };
}

describe('the site route table, from the features of app/features.ts', () => {
  it.each(PAGES.map((it): [string, FeaturePage] => [it.path, it]))(
    'serves %s with its title, in its frame, behind its guard',
    (path, declared) => {
      const served = servedAs(addressOf(path));
      expect(served.hasPage).toBe(true);
      expect(served.title).toBe(declared.title);
      expect(served.isAuthLayout).toBe(declared.layout === 'auth');
      expect(served.isMemberOnly).toBe(declared.layout === 'member' || declared.access === 'member');
      expect(served.isVisitorOnly).toBe(declared.access === 'visitor');
    },
  );

  it('draws the member pages in the member centre, below the site layout', () => {
    // root, site layout, member guard, member centre, page
    for (const it of PAGES.filter((page) => page.layout === 'member'))
      expect(servedAs(addressOf(it.path)).depth).toBe(5);
    for (const it of PAGES.filter((page) => page.layout === 'bare')) expect(servedAs(addressOf(it.path)).depth).toBe(2);
  });

  it('declares each address once', () => {
    const paths = PAGES.map((it) => it.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('leads every member menu entry to a member page', () => {
    for (const entry of FEATURES.flatMap((feature) => feature.memberMenu ?? [])) {
      const served = servedAs(entry.path);
      expect(served.hasPage, entry.path).toBe(true);
      expect(served.depth, entry.path).toBe(5);
    }
  });
});
