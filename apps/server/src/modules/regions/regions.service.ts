import { MSG } from '@anxin/shared/common/messages';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { findRegionsByCodes } from './regions.repository.ts';

export type RegionChainInput = {
  provinceCode: string;
  cityCode: string;
  regionCode?: string;
  streetCode?: string;
};

export type RegionChain = {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  regionCode: string | null;
  regionName: string | null;
  streetCode: string | null;
  streetName: string | null;
};

const LEVELS = [
  { key: 'provinceCode', level: 1 },
  { key: 'cityCode', level: 2 },
  { key: 'regionCode', level: 3 },
  { key: 'streetCode', level: 4 },
] as const;

export function createRegionService(db: Executor) {
  return {
    /**
     * Checks that the codes form one chain down the tree (each code exists at its level and is the child of the one
     * before; a street needs its district) and answers the names to store with them. A broken chain is a 400 on
     * the first field that does not fit.
     */
    async resolveChain(input: RegionChainInput): Promise<RegionChain> {
      const chosen = LEVELS.filter(({ key }) => input[key]);
      const rows = await findRegionsByCodes(
        db,
        chosen.map(({ key }) => input[key] as string),
      );
      const byCode = new Map(rows.map((row) => [row.code, row]));
      const names: Partial<Record<(typeof LEVELS)[number]['key'], string>> = {};
      let parentCode: string | null = null;
      for (const { key, level } of LEVELS) {
        const code = input[key];
        if (!code) {
          // A gap (street without district) breaks the chain; leaving out the lower levels is fine.
          if (key === 'regionCode' && input.streetCode) throw badRequest(MSG.regionInvalid, 'regionCode');
          continue;
        }
        const row = byCode.get(code);
        if (!row || row.level !== level || row.parentCode !== parentCode) {
          const message =
            key === 'provinceCode' ? MSG.provinceRequired : key === 'cityCode' ? MSG.cityRequired : MSG.regionInvalid;
          throw badRequest(message, key);
        }
        names[key] = row.name;
        parentCode = row.code;
      }
      return {
        provinceCode: input.provinceCode,
        provinceName: names.provinceCode as string,
        cityCode: input.cityCode,
        cityName: names.cityCode as string,
        regionCode: input.regionCode ?? null,
        regionName: names.regionCode ?? null,
        streetCode: input.streetCode ?? null,
        streetName: names.streetCode ?? null,
      };
    },
  };
}
