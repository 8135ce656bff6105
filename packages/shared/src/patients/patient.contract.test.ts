import { describe, expect, it } from 'vitest';
import { computeIdCardCheckDigit } from '../common/id-card.ts';
import {
  dateToBirthDay,
  EMPTY_HEALTH_INFO,
  guardianNeeds,
  isCertificateNumberValid,
  normalizePatientName,
  patientBodySchema,
  patientIdentity,
} from './patient.contract.ts';

/** A real ID number: Beijing Dongcheng, born 1990-03-07, sequence 12 + sex digit, with its check digit. */
const idCard = (birth = '19900307', sexDigit = 3) => {
  const first17 = `110101${birth}12${sexDigit}`;
  return first17 + computeIdCardCheckDigit(first17);
};

const body = (changes: Record<string, unknown> = {}) => ({
  name: '王小明',
  consigneePhone: '13912345678',
  idCardNumber: idCard(),
  relationLabel: 'self',
  ...changes,
});

const messagesOf = (input: unknown) => {
  const result = patientBodySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('patient name', () => {
  it.each([
    ['阿卜杜 . 热合曼', '阿卜杜·热合曼'],
    ['买买提•艾力', '买买提·艾力'],
    ['  李四  ', '李四'],
    ['Anna  Maria', 'Anna·Maria'],
    ['·王五·', '王五'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizePatientName(input)).toBe(expected);
  });

  it.each([
    ['', 'name: 请输入用药人姓名'],
    ['王', 'name: 姓名为2-10个字'],
    ['王'.repeat(11), 'name: 姓名为2-10个字'],
    ['王5', 'name: 姓名只能包含中文、英文字母和间隔号'],
  ])('refuses %j', (name, message) => {
    expect(messagesOf(body({ name }))).toEqual([message]);
  });
});

describe('certificates', () => {
  it('takes a valid ID card and derives sex and birth date from it', () => {
    const parsed = patientBodySchema.parse(body());
    expect(patientIdentity(parsed, parsed.idCardNumber)).toEqual({ sex: 0, birthDate: '1990-03-07' });
    const woman = patientBodySchema.parse(body({ idCardNumber: idCard('19900307', 4) }));
    expect(patientIdentity(woman, woman.idCardNumber).sex).toBe(1);
  });

  it.each([
    [idCard().slice(0, 17) + (idCard().endsWith('0') ? '1' : '0'), '身份证校验位错误'],
    ['990101199003071234', '身份证地址码错误'],
    ['11010119900230123X', '身份证号格式错误'],
    ['', '请输入身份证号'],
  ])('refuses the ID card %j: %s', (idCardNumber, message) => {
    expect(messagesOf(body({ idCardNumber }))).toEqual([`idCardNumber: ${message}`]);
  });

  it('accepts the masked number an edit sends back unchanged (the server compares it)', () => {
    expect(messagesOf(body({ idCardNumber: '110***********1234' }))).toEqual([]);
  });

  it.each([
    [2, 'E12345678', true],
    [2, 'E1234', true],
    [2, 'E12-34567', false],
    [3, 'H12345678', true],
    [3, 'X12345678', false],
    [4, '12345678', true],
    [4, '123456789', false],
    [5, 'ABC123456789012', true],
    [5, '911234567890123456', true],
    [5, 'AB1234567890123', false],
  ] as const)('certificate type %i: %s is %s', (type, number, valid) => {
    expect(isCertificateNumberValid(type, number)).toBe(valid);
  });

  it('asks another certificate for its own format, and for sex and birth date', () => {
    expect(messagesOf(body({ certificateType: 2, idCardNumber: undefined, cardNumber: 'E1234567!' }))).toEqual([
      'cardNumber: 证件号码格式错误',
      'sex: 请选择性别',
      'birthDay: 请选择出生日期',
    ]);
    expect(
      messagesOf(
        body({
          certificateType: 2,
          idCardNumber: undefined,
          cardNumber: 'E12345678',
          sex: 1,
          birthDay: dateToBirthDay('1985-06-01'),
        }),
      ),
    ).toEqual([]);
  });
});

describe('health info and guardian', () => {
  it('limits the other-text of a health item to 50 characters', () => {
    const healthInfo = {
      ...EMPTY_HEALTH_INFO,
      drugAllergy: { status: 1, labels: ['青霉素类'], other: '敏'.repeat(51) },
    };
    expect(messagesOf(body({ healthInfo }))).toEqual(['healthInfo.drugAllergy.other: 其他内容不能超过50个字']);
  });

  it('needs a guardian at 6 and under, and the consent under 14 (ages in China time)', () => {
    const today = new Date('2026-11-25T02:00:00Z');
    expect(guardianNeeds('2020-11-25', today)).toEqual({ isGuardianRequired: true, isConsentRequired: true });
    expect(guardianNeeds('2019-11-26', today)).toEqual({ isGuardianRequired: true, isConsentRequired: true });
    expect(guardianNeeds('2019-11-25', today)).toEqual({ isGuardianRequired: false, isConsentRequired: true });
    expect(guardianNeeds('2012-11-26', today)).toEqual({ isGuardianRequired: false, isConsentRequired: true });
    expect(guardianNeeds('2012-11-25', today)).toEqual({ isGuardianRequired: false, isConsentRequired: false });
  });

  it('checks the guardian’s ID card and photo', () => {
    const guardianVo = { name: '王大明', phone: '13912345678', cardNum: '110101199003071230', certificateImage: '' };
    expect(messagesOf(body({ guardianVo }))).toEqual([
      'guardianVo.cardNum: 身份证校验位错误',
      'guardianVo.certificateImage: 请上传监护人身份证照片',
    ]);
  });
});
