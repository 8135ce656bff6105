import { computeIdCardCheckDigit } from '@anxin/shared/common/id-card';
import { MSG } from '@anxin/shared/common/messages';
import { EMPTY_HEALTH_INFO, type Patient } from '@anxin/shared/patients/patient.contract';
import { describe, expect, it } from 'vitest';
import {
  backUrlWithoutPatient,
  backUrlWithPatient,
  certificateNumberProblem,
  formFieldOf,
  guardianNeedsOf,
  identityOf,
  isIdCardErrorText,
  type PatientFormValues,
  parsePatientFormRoute,
  toFormValues,
  toPatientBody,
} from './patient-form.ts';

/** A valid 18-digit ID card: Beijing, the given birth date, an odd (male) or even (female) sequence. */
function idCard(birth: string, sequence = '123') {
  const first17 = `110101${birth.replaceAll('-', '')}${sequence}`;
  return first17 + computeIdCardCheckDigit(first17);
}

const TODAY = new Date('2026-03-15T04:00:00Z');

const basePatient: Patient = {
  id: 7,
  name: '林安心',
  consigneePhone: '139****5678',
  certificateType: 1,
  idCardNumber: '110***********1234',
  cardNumber: null,
  sex: 1,
  age: 36,
  birthDay: Date.parse('1990-02-01T00:00:00+08:00'),
  relationLabel: 'self',
  healthInfo: EMPTY_HEALTH_INFO,
  guardianVo: null,
  isValidateName: false,
  isDefault: true,
  isSystemDefault: false,
};

const values = (overrides: Partial<PatientFormValues> = {}): PatientFormValues => ({
  ...toFormValues(),
  name: ' 阿卜杜 . 热合曼 ',
  consigneePhone: '13912345678',
  relationLabel: 'parents',
  ...overrides,
});

describe('parsePatientFormRoute', () => {
  const parse = (mode?: string, id?: string, query = '') =>
    parsePatientFormRoute({ mode, id }, new URLSearchParams(query));

  it('reads the mode, the id and the query', () => {
    expect(parse('edit', '12', 'from=%2Fpay%2Finquiry%3ForderCode%3DA1&type=2&useKey=k')).toEqual({
      mode: 'edit',
      id: 12,
      backUrl: '/pay/inquiry?orderCode=A1',
      type: '2',
      useKey: 'k',
    });
    expect(parse('add')).toMatchObject({ mode: 'add', id: undefined, backUrl: '/user/patientInfo' });
  });

  it('goes back to the list when `from` leaves the site', () => {
    expect(parse('add', undefined, 'from=https://evil.example')?.backUrl).toBe('/user/patientInfo');
    expect(parse('add', undefined, 'from=//evil.example')?.backUrl).toBe('/user/patientInfo');
  });

  it('names no form for an unknown mode, or edit and complete without a valid id', () => {
    expect(parse('view', '1')).toBeNull();
    expect(parse('edit')).toBeNull();
    expect(parse('complete', 'abc')).toBeNull();
    expect(parse('complete')).toBeNull();
    expect(parse('edit', '0')).toBeNull();
  });

  it('opens complete mode without an id when the link’s key is there', () => {
    expect(parse('complete', undefined, 'useKey=abc')).toMatchObject({
      mode: 'complete',
      id: undefined,
      useKey: 'abc',
    });
    expect(parse('complete', undefined, 'useKey=')).toBeNull();
  });
});

describe('identityOf', () => {
  it('derives sex, birth date and age from a typed ID card', () => {
    const number = idCard('2020-06-01', '123');
    expect(identityOf(values({ certificateNumber: number }), undefined, TODAY)).toEqual({
      sex: 0,
      birthDate: '2020-06-01',
      age: 5,
      source: 'idCard',
    });
  });

  it('knows nothing while the ID card is incomplete', () => {
    expect(identityOf(values({ certificateNumber: '1101011990' }), undefined, TODAY)).toEqual({ source: 'idCard' });
  });

  it('keeps the saved identity while the masked number is unchanged', () => {
    const form = toFormValues(basePatient);
    expect(identityOf(form, basePatient, TODAY)).toEqual({
      sex: 1,
      birthDate: '1990-02-01',
      age: 36,
      source: 'stored',
    });
  });

  it('uses what was entered for another certificate type', () => {
    const form = values({ certificateType: 2, certificateNumber: 'E12345678', sex: 1, birthDate: '2015-03-16' });
    expect(identityOf(form, undefined, TODAY)).toMatchObject({ sex: 1, age: 10, source: 'entered' });
  });
});

describe('guardianNeedsOf', () => {
  it('asks for a guardian at 6 or under and for the consent under 14', () => {
    const needs = (birthDate: string) => guardianNeedsOf({ birthDate, source: 'entered' }, TODAY);
    expect(needs('2019-03-16')).toEqual({ isGuardianRequired: true, isConsentRequired: true });
    expect(needs('2019-03-15')).toEqual({ isGuardianRequired: false, isConsentRequired: true });
    expect(needs('2012-03-15')).toEqual({ isGuardianRequired: false, isConsentRequired: false });
    expect(guardianNeedsOf({ source: 'idCard' }, TODAY)).toEqual({
      isGuardianRequired: false,
      isConsentRequired: false,
    });
  });
});

describe('certificateNumberProblem', () => {
  it('checks an ID card with the shared rule', () => {
    expect(certificateNumberProblem(1, '')).toBe(MSG.idCardEmpty);
    expect(certificateNumberProblem(1, '12345')).toBe(MSG.idCardFormat);
    expect(certificateNumberProblem(1, idCard('1990-01-01'))).toBeUndefined();
    expect(certificateNumberProblem(1, idCard('1990-01-01').toLowerCase())).toBeUndefined();
  });

  it("checks another certificate against its type's format", () => {
    expect(certificateNumberProblem(2, '')).toBe(MSG.certificateEmpty);
    expect(certificateNumberProblem(3, 'H12345678')).toBeUndefined();
    expect(certificateNumberProblem(3, 'X12345678')).toBe(MSG.certificateMalformed);
  });

  it('lets the saved masked number through unchanged, and no other masked one', () => {
    expect(certificateNumberProblem(1, '110***********1234', basePatient)).toBeUndefined();
    expect(certificateNumberProblem(1, '110***********9999', basePatient)).toBe(MSG.idCardFormat);
    expect(certificateNumberProblem(1, '110***********1234')).toBe(MSG.idCardFormat);
  });
});

describe('isIdCardErrorText', () => {
  it('counts messages that name the ID card', () => {
    expect(isIdCardErrorText(MSG.idCardCheckDigit)).toBe(true);
    expect(isIdCardErrorText('用药人实名认证失败，请检查姓名和身份证号')).toBe(true);
    expect(isIdCardErrorText(MSG.certificateMalformed)).toBe(false);
    expect(isIdCardErrorText(undefined)).toBe(false);
  });
});

describe('toPatientBody', () => {
  it('sends an ID card without sex and birth date, the name with a middle dot, no guardian for an adult', () => {
    const number = idCard('1990-01-01');
    expect(toPatientBody(values({ certificateNumber: ` ${number} ` }), undefined, TODAY)).toEqual({
      name: '阿卜杜·热合曼',
      consigneePhone: '13912345678',
      certificateType: 1,
      idCardNumber: number,
      relationLabel: 'parents',
      healthInfo: EMPTY_HEALTH_INFO,
      region: null,
      guardianVo: null,
    });
  });

  it('sends the region’s codes as far as chosen, and none as null', () => {
    const number = idCard('1990-01-01');
    const send = (region: string[]) => toPatientBody(values({ certificateNumber: number, region }), undefined, TODAY);
    expect(send(['44', '4403', '440305', '440305001']).region).toEqual({
      provinceCode: '44',
      cityCode: '4403',
      regionCode: '440305',
      streetCode: '440305001',
    });
    expect(send(['11', '1101']).region).toEqual({
      provinceCode: '11',
      cityCode: '1101',
      regionCode: undefined,
      streetCode: undefined,
    });
    expect(send([]).region).toBeNull();
  });

  it('sends sex and birth date for another certificate, and the guardian and consent for a child', () => {
    const body = toPatientBody(
      values({
        certificateType: 2,
        certificateNumber: 'e1234567',
        sex: 1,
        birthDate: '2021-05-01',
        guardianVo: {
          name: '林 安',
          phone: '13700001111',
          cardNum: `${idCard('1990-01-01')}`,
          certificateImage: '/a.png',
        },
        guardianConsent: true,
      }),
      undefined,
      TODAY,
    );
    expect(body).toMatchObject({
      certificateType: 2,
      cardNumber: 'E1234567',
      sex: 1,
      birthDay: Date.parse('2021-05-01T00:00:00+08:00'),
      guardianVo: { name: '林·安', phone: '13700001111', certificateImage: '/a.png' },
      guardianConsent: true,
    });
    expect(body).not.toHaveProperty('idCardNumber');
  });

  it('starts an edit with the stored region in the cascader, and sends it back as it was', () => {
    const region = {
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '市辖区',
      regionCode: '110101',
      regionName: '东城区',
      streetCode: null,
      streetName: null,
    };
    const formValues = toFormValues({ ...basePatient, region });
    expect(formValues.region).toEqual(['11', '1101', '110101']);
    expect(toPatientBody(formValues, basePatient, TODAY).region).toMatchObject({
      provinceCode: '11',
      cityCode: '1101',
      regionCode: '110101',
    });
    expect(toFormValues({ ...basePatient, region: null }).region).toEqual([]);
  });

  it('sends the id and the masked numbers back unchanged on edit', () => {
    const body = toPatientBody(toFormValues(basePatient), basePatient, TODAY);
    expect(body).toMatchObject({
      id: 7,
      consigneePhone: '139****5678',
      idCardNumber: '110***********1234',
      relationLabel: 'self',
    });
    expect(body).not.toHaveProperty('sex');
  });

  it('drops the labels and text of an item answered 无', () => {
    const healthInfo = {
      ...EMPTY_HEALTH_INFO,
      pastHistory: { status: 0 as const, labels: ['高血压'], other: 'x' },
      drugAllergy: { status: 1 as const, labels: ['青霉素类'], other: ' 花粉 ' },
    };
    const body = toPatientBody(values({ certificateNumber: idCard('1990-01-01'), healthInfo }), undefined, TODAY);
    expect(body.healthInfo).toMatchObject({
      pastHistory: { status: 0, labels: [], other: '' },
      drugAllergy: { status: 1, labels: ['青霉素类'], other: '花粉' },
    });
  });
});

describe('formFieldOf', () => {
  it("maps the server's field names onto the form's", () => {
    expect(formFieldOf('idCardNumber')).toEqual(['certificateNumber']);
    expect(formFieldOf('cardNumber')).toEqual(['certificateNumber']);
    expect(formFieldOf('birthDay')).toEqual(['birthDate']);
    expect(formFieldOf('guardianVo.cardNum')).toEqual(['guardianVo', 'cardNum']);
    expect(formFieldOf('name')).toEqual(['name']);
    expect(formFieldOf('healthInfo.pastHistory.other')).toEqual(['healthInfo']);
    expect(formFieldOf('region.cityCode')).toEqual(['region']);
    expect(formFieldOf('somethingElse')).toBeUndefined();
  });
});

describe('backUrlWithPatient', () => {
  it('adds the new patient to the page the shopper came from, keeping its query', () => {
    expect(backUrlWithPatient('/pay/inquiry?orderCode=AX1&paySource=PC', 42)).toBe(
      '/pay/inquiry?orderCode=AX1&paySource=PC&patientId=42',
    );
    expect(backUrlWithPatient('/user/patientInfo', 7)).toBe('/user/patientInfo?patientId=7');
    expect(backUrlWithPatient('/pay/inquiry?patientId=1', 9)).toBe('/pay/inquiry?patientId=9');
  });
});

describe('backUrlWithoutPatient', () => {
  it('stops choosing the deleted patient, and leaves another chosen one alone', () => {
    expect(backUrlWithoutPatient('/payJianke/inquiry?key=k&consigneePhone=13800138000&patientId=42', 42)).toBe(
      '/payJianke/inquiry?key=k&consigneePhone=13800138000',
    );
    expect(backUrlWithoutPatient('/payJianke/inquiry?key=k&patientId=7', 42)).toBe(
      '/payJianke/inquiry?key=k&patientId=7',
    );
  });
});
