import { MSG } from '@anxin/shared/common/messages';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { findRegionsByCodes } from './regions.repository.ts';

const LEVELS = [
  { key: 'provinceCode', nameKey: 'provinceName', level: 1 },
  { key: 'cityCode', nameKey: 'cityName', level: 2 },
  { key: 'regionCode', nameKey: 'regionName', level: 3 },
  { key: 'streetCode', nameKey: 'streetName', level: 4 },
] as const;

type LevelKey = (typeof LEVELS)[number]['key'];

export type RegionPathInput = Partial<Record<LevelKey, string>>;

export type RegionPath = {
  provinceCode: string | null;
  provinceName: string | null;
  cityCode: string | null;
  cityName: string | null;
  regionCode: string | null;
  regionName: string | null;
  streetCode: string | null;
  streetName: string | null;
};

export type RegionChainInput = {
  provinceCode: string;
  cityCode: string;
  regionCode?: string;
  streetCode?: string;
};

export type RegionChain = RegionPath & {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
};

type RefusalOptions = {
  /** The body field a refusal names for a level (the patient form nests them under `region.`). */
  fieldOf?: (key: LevelKey) => string;
  /** The message of a refusal at a level. */
  messageOf?: (key: LevelKey) => string;
};

export function createRegionService(db: Executor) {
  /**
   * Checks that the codes form one path down the tree from the top: each code exists at its level and is the
   * child of the one before, and no level is left out above a chosen one (a street needs its district). Lower
   * levels may be left out. Answers the codes with the names to store with them, null for the levels not chosen.
   * A broken path is a 400 on the first level that does not fit.
   */
  async function resolvePath(input: RegionPathInput, options: RefusalOptions = {}): Promise<RegionPath> {
    const { fieldOf = (key) => key, messageOf = () => MSG.regionInvalid } = options;
    const refuse = (key: LevelKey) => badRequest(messageOf(key), fieldOf(key));
    const rows = await findRegionsByCodes(
      db,
      LEVELS.flatMap(({ key }) => input[key] ?? []),
    );
    const byCode = new Map(rows.map((row) => [row.code, row]));
    const path: RegionPath = {
      provinceCode: null,
      provinceName: null,
      cityCode: null,
      cityName: null,
      regionCode: null,
      regionName: null,
      streetCode: null,
      streetName: null,
    };
    let parentCode: string | null = null;
    for (const [index, { key, nameKey, level }] of LEVELS.entries()) {
      const code = input[key];
      if (!code) {
        if (LEVELS.slice(index + 1).some((lower) => input[lower.key])) throw refuse(key);
        continue;
      }
      const row = byCode.get(code);
      if (!row || row.level !== level || row.parentCode !== parentCode) throw refuse(key);
      path[key] = code;
      path[nameKey] = row.name;
      parentCode = row.code;
    }
    return path;
  }

  return {
    resolvePath,

    /**
     * An address's region: province and city (which its body requires), district and street when chosen. A
     * broken chain names the address's own messages (请选择省份 / 请选择城市 for the top two levels).
     */
    async resolveChain(input: RegionChainInput): Promise<RegionChain> {
      const path = await resolvePath(input, {
        messageOf: (key) =>
          key === 'provinceCode' ? MSG.provinceRequired : key === 'cityCode' ? MSG.cityRequired : MSG.regionInvalid,
      });
      return path as RegionChain;
    },
  };
}
