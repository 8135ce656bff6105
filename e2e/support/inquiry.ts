import { type APIRequestContext, expect } from '@playwright/test';
import { computeIdCardCheckDigit } from '../../packages/shared/src/common/id-card.ts';
import { INQUIRY_QUESTIONS } from '../../packages/shared/src/inquiry/inquiry.contract.ts';
import { createAddressByApi, placeOrderByApi } from './shop.ts';

/** Amoxicillin capsules: a prescription product whose usual diagnoses include J02.9. */
export const AMOXICILLIN = '1000601';

/** A valid 18-digit ID card of Beijing Dongcheng born on `birth` (YYYY-MM-DD); an odd sequence is a man. */
export function idCard(birth: string, sequence: string) {
  const first17 = `110101${birth.replaceAll('-', '')}${sequence}`;
  return first17 + computeIdCardCheckDigit(first17);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Through the API: an address, a verified patient and an amoxicillin order whose inquiry is submitted. */
export async function submittedRxOrderByApi(request: APIRequestContext, token: string) {
  const { id: addressId } = await createAddressByApi(request, token);
  const patient = await request.post('/web-gateway/patients', {
    headers: bearer(token),
    data: {
      name: '周安宁',
      consigneePhone: '13912345678',
      idCardNumber: idCard('1985-03-09', '135'),
      relationLabel: 'self',
    },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const { id: patientId } = (await patient.json()) as { id: number };
  const { ordersCode } = await placeOrderByApi(request, token, { addressId, skuCode: AMOXICILLIN, paymentType: 99 });
  const submitted = await request.post(`/web-gateway/v2/orders/inquiry/perfect/${ordersCode}`, {
    headers: bearer(token),
    data: {
      patientId,
      skus: [{ productCode: AMOXICILLIN, diseases: ['J02.9'], customizeDiseases: [] }],
      prescriptionAnswer: INQUIRY_QUESTIONS.map((item) => ({ question: item.question, answer: item.expected })),
      isConfirmed: true,
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return ordersCode;
}
