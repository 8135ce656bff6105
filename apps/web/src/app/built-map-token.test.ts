import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { siteMapToken } from '../../build/antd-map-token.ts';
import { algorithmWithBuiltMapToken } from './built-map-token.ts';
import { theme } from './theme.ts';

describe('antd map token built with the site', () => {
  const siteSeed = () => ({ ...antdTheme.defaultSeed, ...theme.token });
  const built = siteMapToken();
  const algorithm = algorithmWithBuiltMapToken(built, siteSeed());

  it('answers the built map token, without deriving, for the site seed', () => {
    expect(algorithm(siteSeed())).toBe(built);
    expect(built).toEqual(antdTheme.defaultAlgorithm(siteSeed()));
  });

  it('derives any other seed, as antd would', () => {
    const otherSeed = { ...siteSeed(), colorPrimary: '#1677ff' };
    const derived = algorithm(otherSeed);
    expect(derived).not.toBe(built);
    expect(derived).toEqual(antdTheme.defaultAlgorithm(otherSeed));
    const withKeyMore = { ...siteSeed(), borderRadiusExtra: 1 } as typeof otherSeed;
    expect(algorithm(withKeyMore)).not.toBe(built);
  });

  it('derives every seed where nothing was built', () => {
    expect(algorithmWithBuiltMapToken(undefined, siteSeed())(siteSeed())).toEqual(built);
  });
});
