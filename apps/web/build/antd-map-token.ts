import { theme as antdTheme } from 'antd';
import { theme } from '../src/app/theme.ts';

/**
 * The map token antd's default algorithm derives from the site's seed (antd's seed with the site's theme
 * tokens), derived here once at build time; the page takes it instead of deriving it (app/built-map-token.ts).
 */
export function siteMapToken() {
  return antdTheme.defaultAlgorithm({ ...antdTheme.defaultSeed, ...theme.token });
}
