// Helpers of the shop's API tests (checkout, payments, operator CLI): an address, a cart, an order placed
// through the real endpoints.

import { deliveryAddresses } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';

type Headers = Record<string, string>;

export async function createTestAddress(t: TestApp, memberId: number, values: { isDefault?: boolean } = {}) {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(deliveryAddresses)
    .values({
      memberId,
      consignee: '张三',
      consigneePhone2: '13912345678',
      provinceCode: '44',
      provinceName: '广东省',
      cityCode: '4403',
      cityName: '深圳市',
      regionCode: '440305',
      regionName: '南山区',
      streetCode: '440305001',
      streetName: '南头街道',
      customArea: '深南大道1001号3栋502',
      isDefault: values.isDefault ?? true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function buyNow(t: TestApp, headers: Headers, skuCode: string, quantity = 1) {
  return t.app.inject({
    method: 'POST',
    url: '/web-gateway/v2/settle/buyNow',
    headers,
    payload: { skuCode, quantity, sourceHost: 'localhost' },
  });
}

export async function placeOrderFor(
  t: TestApp,
  headers: Headers,
  body: { settlementId: string; addressId: number; paymentType: number } & Record<string, unknown>,
) {
  return t.app.inject({ method: 'POST', url: '/web-gateway/v2/orders', headers, payload: body });
}

/** A signed-in member with an address and one order placed by buyNow (online payment unless told). */
export async function memberWithOrder(t: TestApp, skuCode = '1000101', quantity = 1, paymentType = 99) {
  const signed = await t.createSignedInMember();
  const address = await createTestAddress(t, signed.member.id);
  const settlement = (await buyNow(t, signed.headers, skuCode, quantity)).json();
  const placed = await placeOrderFor(t, signed.headers, {
    settlementId: settlement.settlementId,
    addressId: address.id,
    paymentType,
  });
  if (placed.statusCode !== 201) throw new Error(`place order failed: ${placed.statusCode} ${placed.body}`);
  return { ...signed, address, order: placed.json() as { ordersCode: string; sum: number; orderType: string } };
}
