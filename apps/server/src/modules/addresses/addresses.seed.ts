import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { createRegionService } from '../regions/regions.module.ts';
import { countMemberAddresses, insertAddress } from './addresses.repository.ts';

/** Five addresses across four provinces: the first is the default, the second has a landline. */
const DEMO_ADDRESSES = [
  {
    consignee: '林小安',
    consigneePhone2: '13800138000',
    consigneePhone1: null,
    chain: { provinceCode: '44', cityCode: '4403', regionCode: '440305', streetCode: '440305007' },
    customArea: '科技南十二路2号安心大厦8楼',
    zipCode: '518057',
  },
  {
    consignee: '林小安',
    consigneePhone2: '13800138000',
    consigneePhone1: '010-62345678',
    chain: { provinceCode: '11', cityCode: '1101', regionCode: '110108', streetCode: '110108011' },
    customArea: '中关村大街27号1号楼502室',
    zipCode: '100080',
  },
  {
    consignee: '陈美华',
    consigneePhone2: '13967012345',
    consigneePhone1: null,
    chain: { provinceCode: '33', cityCode: '3301', regionCode: '330106', streetCode: '330106002' },
    customArea: '北山街88号3幢2单元301室',
    zipCode: '310007',
  },
  {
    consignee: '张伟',
    consigneePhone2: '13708012345',
    consigneePhone1: null,
    chain: { provinceCode: '51', cityCode: '5101', regionCode: '510104' },
    customArea: '春熙路东段16号',
    zipCode: '610021',
  },
  {
    consignee: 'Lina',
    consigneePhone2: '15021012345',
    consigneePhone1: null,
    chain: { provinceCode: '31', cityCode: '3101', regionCode: '310104', streetCode: '310104003' },
    customArea: '衡山路10号弄5号',
    zipCode: '200030',
  },
];

/** The demo member's address book; left alone once it has any address (idempotent, and keeps a visitor's edits). */
export async function seedDemoAddresses(db: Executor, clock: Clock) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member || (await countMemberAddresses(db, member.id)) > 0) return;
  const now = clock.now().getTime();
  const regions = createRegionService(db);
  for (const [index, address] of DEMO_ADDRESSES.entries()) {
    const { chain, ...fields } = address;
    // Oldest first, a day apart, so the list shows them in this order after the default.
    const createdAt = new Date(now - (DEMO_ADDRESSES.length - index) * 86_400_000);
    await insertAddress(db, {
      memberId: member.id,
      ...fields,
      ...(await regions.resolveChain(chain)),
      isDefault: index === 0,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
