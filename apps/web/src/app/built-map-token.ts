import type { MappingAlgorithm } from 'antd';
import defaultAlgorithm from 'antd/es/theme/themes/default/index.js';

// On a page's first render antd derives its map token from the seed (every palette colour, sizes, motion):
// about 12 ms on a fast computer, some 50 ms of one long task on a phone, before anything paints. The build
// derives the site's once (build/antd-map-token.ts, vite.config.ts), and the page takes it from there.

type SeedToken = Parameters<MappingAlgorithm>[0];
type MapToken = ReturnType<MappingAlgorithm>;

const isSameSeed = (seed: SeedToken, other: SeedToken) => {
  const keys = Object.keys(other) as (keyof SeedToken)[];
  return Object.keys(seed).length === keys.length && keys.every((key) => seed[key] === other[key]);
};

/**
 * antd's default algorithm, which answers `built` as it is when asked for `builtSeed`, the seed it was built
 * from, and derives any other seed (and every seed where nothing was built: the unit tests).
 */
export function algorithmWithBuiltMapToken(built: MapToken | undefined, builtSeed: SeedToken): MappingAlgorithm {
  return (seed) => (built && isSameSeed(seed, builtSeed) ? built : defaultAlgorithm(seed));
}
