import {
  ADDRESS_LIMIT,
  type AddressBody,
  type DeliveryAddress,
  isEmptyLandline,
  isMaskedLandline,
  maskLandline,
} from '@anxin/shared/addresses/address.schemas';
import { formatDeliveryAddress } from '@anxin/shared/addresses/address-format';
import { MSG } from '@anxin/shared/common/messages';
import { isMaskedPhone, maskPhone } from '@anxin/shared/common/phone';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { createRegionService } from '../regions/regions.module.ts';
import * as repo from './addresses.repository.ts';
import type { DeliveryAddressRow } from './addresses.schema.ts';

/** The reply shape: phones masked, the one-line `deliveryAddress` built from the region names. */
export function toAddressReply(row: DeliveryAddressRow): DeliveryAddress {
  return {
    id: row.id,
    consignee: row.consignee,
    consigneePhone1: row.consigneePhone1 ? maskLandline(row.consigneePhone1) : null,
    consigneePhone2: maskPhone(row.consigneePhone2),
    customArea: row.customArea,
    deliveryAddress: formatDeliveryAddress(
      [row.provinceName, row.cityName, row.regionName, row.streetName],
      row.customArea,
    ),
    isDefault: row.isDefault,
    provinceCode: row.provinceCode,
    provinceName: row.provinceName,
    cityCode: row.cityCode,
    cityName: row.cityName,
    regionCode: row.regionCode,
    regionName: row.regionName,
    streetCode: row.streetCode,
    streetName: row.streetName,
    zipCode: row.zipCode,
  };
}

/**
 * The mobile to store. A new value is taken as it is; the masked form (what the reply shows) is taken only on
 * edit and only when it masks the stored number, which it then keeps.
 */
function resolveMobile(sent: string, stored: string | undefined): string {
  if (!isMaskedPhone(sent)) return sent;
  if (stored !== undefined && maskPhone(stored) === sent) return stored;
  throw badRequest(MSG.phoneMalformed, 'consigneePhone2');
}

/** The landline to store: null for none (empty or '-'), the stored one for its unchanged masked form. */
function resolveLandline(sent: string | null | undefined, stored: string | null | undefined): string | null {
  if (isEmptyLandline(sent)) return null;
  const value = (sent as string).trim();
  if (!isMaskedLandline(value)) return value;
  if (stored && maskLandline(stored) === value) return stored;
  throw badRequest(MSG.landlineMalformed, 'consigneePhone1');
}

export function createAddressService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const regions = createRegionService(db);

  async function requireAddress(executor: Executor, memberId: number, id: number) {
    const row = await repo.findMemberAddress(executor, memberId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Everything but the default flag, from a validated body (regions checked against the tree). */
  async function addressFields(body: AddressBody, stored?: DeliveryAddressRow) {
    const consigneePhone2 = resolveMobile(body.consigneePhone2, stored?.consigneePhone2);
    const consigneePhone1 = resolveLandline(body.consigneePhone1, stored?.consigneePhone1);
    const chain = await regions.resolveChain(body);
    return {
      consignee: body.consignee,
      consigneePhone1,
      consigneePhone2,
      ...chain,
      customArea: body.customArea,
      zipCode: body.zipCode ?? null,
    };
  }

  return {
    async list(memberId: number) {
      return (await repo.listMemberAddresses(db, memberId)).map(toAddressReply);
    },

    async get(memberId: number, id: number) {
      return toAddressReply(await requireAddress(db, memberId, id));
    },

    /**
     * At most 20 per member and the first one is the default. The member row lock serialises a member's
     * address writes, so 20 parallel creations cannot count past the limit or race for the default.
     */
    async create(memberId: number, body: AddressBody) {
      const fields = await addressFields(body);
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const existing = await repo.countMemberAddresses(tx, memberId);
        if (existing >= ADDRESS_LIMIT) throw badRequest(MSG.addressLimit);
        const now = clock.now();
        const isDefault = await repo.addressDefault.isNewRowDefault(tx, memberId, existing, body.isDefault, now);
        const row = await repo.insertAddress(tx, { memberId, ...fields, isDefault, createdAt: now, updatedAt: now });
        return toAddressReply(row);
      });
    },

    /**
     * Edits an address. `isDefault: true` makes it the default; `false` on the default address changes nothing
     * (the page disables that checkbox: there is always exactly one default while any address exists).
     */
    async update(memberId: number, id: number, body: AddressBody) {
      const stored = await requireAddress(db, memberId, id);
      const fields = await addressFields(body, stored);
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const current = await requireAddress(tx, memberId, id);
        const now = clock.now();
        const takesMark = await repo.addressDefault.takesMark(tx, memberId, current, body.isDefault, now);
        const row = await repo.updateMemberAddress(tx, memberId, id, {
          ...fields,
          ...(takesMark ? { isDefault: true } : {}),
          updatedAt: now,
        });
        return toAddressReply(row);
      });
    },

    /**
     * Deletes an address. Deleting the default makes the newest remaining address the default, so a member with
     * addresses always has one (checkout can preselect it); deleting the last one leaves none.
     */
    async remove(memberId: number, id: number) {
      await db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const deleted = await repo.deleteMemberAddress(tx, memberId, id);
        if (!deleted) throw notFound();
        await repo.addressDefault.afterDelete(tx, memberId, deleted, clock.now());
      });
    },

    async setDefault(memberId: number, id: number) {
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const current = await requireAddress(tx, memberId, id);
        const now = clock.now();
        if (!(await repo.addressDefault.takesMark(tx, memberId, current, true, now))) return toAddressReply(current);
        const row = await repo.updateMemberAddress(tx, memberId, id, { isDefault: true, updatedAt: now });
        return toAddressReply(row);
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
