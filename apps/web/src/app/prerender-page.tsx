import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { isMemberFrame, type PrerenderedPath, prerenderedLocationOf } from '@anxin/shared/common/prerendered-pages';
import { isGuestPayPage } from '@anxin/shared/guest-pay/guest-pay.paths';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { prerenderAsMember } from '../lib/token-store.ts';
import { documentTitle } from './shell/use-route-title.ts';
import { Site } from './site.tsx';

// The build's entry for prerendering (build/prerender-plugin.ts): a page that shows the same to every visitor
// before its data arrives is rendered to HTML once, at build time, as a visitor who is not signed in sees it;
// a member centre's frame as every signed-in member sees it before the member's data arrives.
// The browser paints that HTML before any script has run; main.tsx then hydrates it.

/**
 * The markup of `path`'s page, its document title, and the style tags antd would insert at run time (the
 * theme's CSS variables, the icons' base styles: app/theme.ts): in the page's head, they style the markup
 * before any script runs, and antd, finding them, does not insert them again.
 */
export async function prerenderPage(
  path: PrerenderedPath,
): Promise<{ html: string; title: string; antdStyleTags: string }> {
  // A parameter is rendered as its placeholder, which the server replaces by the address's value.
  const location = prerenderedLocationOf(path);
  // Each page renders in a process of its own (build/prerender-plugin.ts): this holds for this page only.
  if (isMemberFrame(path)) prerenderAsMember();
  // Only the page's own routes run: the build maps each module that ran to the script part holding it.
  const routing = isGuestPayPage(path)
    ? (await import('./guest-router.tsx')).guestRouting
    : (await import('./router.tsx')).siteRouting;
  const pageTitle = routing.preloadRoutesOf(location).findLast((handle) => handle?.title)?.title;
  const AtPath = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
  const errors: unknown[] = [];
  const antdStyles = createCache();
  const page = (
    <StyleProvider cache={antdStyles}>
      <Site routing={routing} router={AtPath} isPrerendered />
    </StyleProvider>
  );
  const { prelude } = await prerenderToNodeStream(page, {
    onError: (error) => {
      errors.push(error);
    },
    // Every part in place, in order: React would otherwise send a large part after the rest, with an inline
    // script to move it, which the site's CSP (script-src 'self') refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  // A part that failed would be left for the browser to draw: the build stops instead.
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed`);
  return { html, title: documentTitle(pageTitle), antdStyleTags: extractStyle(antdStyles) };
}
