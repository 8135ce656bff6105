import { type APIRequestContext, expect } from '@playwright/test';

type Headers = Record<string, string>;
const bearer = (accessToken: string): Headers => ({ authorization: `Bearer ${accessToken}` });

/** A default delivery address (consignee 王小安) in the first province and city, made through the API. */
export async function createAddressByApi(request: APIRequestContext, accessToken: string) {
  const headers = bearer(accessToken);
  const first = async (parentCode?: string) => {
    const reply = await request.get('/web-gateway/v2/regions', { headers, params: parentCode ? { parentCode } : {} });
    const regions = (await reply.json()) as { code: string; name: string }[];
    return regions[0]!;
  };
  const province = await first();
  const city = await first(province.code);
  const reply = await request.post('/web-gateway/v2/deliveryAddresses', {
    headers,
    data: {
      consignee: '王小安',
      consigneePhone2: '13912345678',
      provinceCode: province.code,
      cityCode: city.code,
      customArea: '安心路88号2栋301室',
      isDefault: true,
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as { id: number };
}

/**
 * An order of one product placed through the calls the product and settlement pages make (立即购买, 提交订单).
 * paymentType 1 (cash on delivery) waits for delivery at once; 99 waits for payment.
 */
export async function placeOrderByApi(
  request: APIRequestContext,
  accessToken: string,
  values: { addressId: number; skuCode: string; paymentType: 1 | 99 },
) {
  const headers = bearer(accessToken);
  const settlement = await request.post('/web-gateway/v2/settle/buyNow', {
    headers,
    data: { skuCode: values.skuCode, quantity: 1, sourceHost: 'localhost' },
  });
  expect(settlement.ok(), await settlement.text()).toBe(true);
  const { settlementId } = (await settlement.json()) as { settlementId: string };
  const placed = await request.post('/web-gateway/v2/orders', {
    headers,
    data: { settlementId, addressId: values.addressId, paymentType: values.paymentType },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { ordersCode: string; orderType: string };
}
