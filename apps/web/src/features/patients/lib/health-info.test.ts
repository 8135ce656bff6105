import { EMPTY_HEALTH_INFO, type HealthInfo } from '@anxin/shared/patients/patient.contract';
import { describe, expect, it } from 'vitest';
import { describeHealthItem, healthItemsMissingDetail, summariseHealthInfo } from './health-info.ts';

const info = (overrides: Partial<HealthInfo>): HealthInfo => ({ ...EMPTY_HEALTH_INFO, ...overrides });

describe('health info', () => {
  it('summarises only what is 有, in the documented order', () => {
    expect(summariseHealthInfo(EMPTY_HEALTH_INFO)).toBe('');
    expect(
      summariseHealthInfo(
        info({
          drugAllergy: { status: 1, labels: ['青霉素类', '头孢类'], other: '' },
          familyHistory: { status: 1, labels: [], other: '哮喘 ' },
          drinking: 1,
        }),
      ),
    ).toBe('药物过敏史：青霉素类、头孢类；家族病史：哮喘；饮酒');
  });

  it('describes an item', () => {
    expect(describeHealthItem({ status: 0, labels: ['x'], other: '' })).toBe('无');
    expect(describeHealthItem({ status: 1, labels: [], other: '' })).toBe('有');
  });

  it('finds items answered 有 with nothing chosen or written', () => {
    expect(
      healthItemsMissingDetail(
        info({
          pastHistory: { status: 1, labels: [], other: '  ' },
          foodAllergy: { status: 1, labels: ['海鲜'], other: '' },
          drugAllergy: { status: 0, labels: [], other: '' },
        }),
      ),
    ).toEqual(['pastHistory']);
  });
});
