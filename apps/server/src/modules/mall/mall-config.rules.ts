import { type MallConfig, type MallConfigGroup, mallConfigGroupOf } from '@anxin/shared/mall/mall-config';

/** The keys of the asked groups with their values in force (`?module=m-mall` answers that group only). */
export function pickGroups(config: MallConfig, groups: readonly MallConfigGroup[]): Partial<MallConfig> {
  return Object.fromEntries(
    Object.entries(config).filter(([key]) => groups.includes(mallConfigGroupOf(key) as MallConfigGroup)),
  ) as Partial<MallConfig>;
}
