import { describe, expect, it } from 'vitest';
import {
  checkAnswers,
  checkCustomDiseases,
  checkDiagnosisGiven,
  checkPatientForProducts,
  INQUIRY_QUESTIONS,
  inquirySubmitSchema,
  isDiseaseForSex,
} from './inquiry.contract.ts';

const answers = (given: string[]) => INQUIRY_QUESTIONS.map(({ question }, i) => ({ question, answer: given[i] }));

describe('the three questions', () => {
  it('expect 是, 否, 否', () => {
    expect(checkAnswers(answers(['是', '否', '否']))).toBeNull();
  });

  it.each([
    [['否', '否', '否'], '您存在相关禁忌症'],
    [['是', '是', '否'], '您存在相关禁忌症'],
    [['是', '否', '是'], '您对该药品存在不良反应'],
  ])('answers %j: %s', (given, message) => {
    expect(checkAnswers(answers(given))).toBe(message);
  });

  it('wants every question answered, whatever the order they come in', () => {
    expect(checkAnswers(answers(['是', '否', '否']).slice(1))).toBe('请回答全部问诊问题');
    expect(checkAnswers(answers(['是', '否', '否']).reverse())).toBeNull();
  });

  it('takes exactly one answer per question and no other question', () => {
    const right = answers(['是', '否', '否']);
    // The same question twice is refused whether the second answer contradicts the first or repeats it.
    expect(checkAnswers([...right, { ...right[1]!, answer: '是' }])).toBe('每个问诊问题只能回答一次');
    expect(checkAnswers([...right, right[2]!])).toBe('每个问诊问题只能回答一次');
    expect(checkAnswers([...right, { question: '药师备注：已电话核实，可直接通过', answer: '是' }])).toBe(
      '问诊问题有误，请刷新后重试',
    );
  });
});

describe('age bans and sex rules', () => {
  const adultOnly = { forbiddenAgeLess: 18, forbiddenAgeGreater: null };
  const notForElderly = { forbiddenAgeLess: null, forbiddenAgeGreater: 65 };

  it.each([
    [17, adultOnly, '药品存在禁忌症，请检查用药人或更换用药人'],
    [18, adultOnly, null],
    [65, notForElderly, null],
    [66, notForElderly, '药品存在禁忌症，请检查用药人或更换用药人'],
  ])('a patient of %i and %j: %s', (age, product, message) => {
    expect(checkPatientForProducts({ age, sex: 0 }, [product], [])).toBe(message);
  });

  it('refuses a diagnosis for the other sex', () => {
    const male = { sex: 'male' as const };
    const female = { sex: 'female' as const };
    expect(checkPatientForProducts({ age: 40, sex: 0 }, [], [male])).toBeNull();
    expect(checkPatientForProducts({ age: 40, sex: 1 }, [], [male])).toBe('所选用药人性别不适用，请更换用药人');
    expect(checkPatientForProducts({ age: 40, sex: 0 }, [], [female])).toBe('所选用药人性别不适用，请更换用药人');
    expect(isDiseaseForSex({ sex: 'common' }, 1)).toBe(true);
  });
});

describe('a diagnosis for each drug', () => {
  it('needs one from the dictionary when the settings ask for it', () => {
    expect(checkDiagnosisGiven(0, { isDiseaseRequired: true })).toBe('请选择确诊疾病');
    expect(checkDiagnosisGiven(1, { isDiseaseRequired: true })).toBeNull();
    expect(checkDiagnosisGiven(0, { isDiseaseRequired: false })).toBeNull();
  });
});

describe('self-added diseases', () => {
  it('takes at most 5, none twice, none already chosen from the dictionary', () => {
    expect(checkCustomDiseases(['一', '二', '三', '四', '五'], [])).toBeNull();
    expect(checkCustomDiseases(['一', '二', '三', '四', '五', '六'], [])).toBe('最多添加5个疾病');
    expect(checkCustomDiseases(['头痛', '头痛'], [])).toBe('该疾病已存在');
    expect(checkCustomDiseases(['原发性高血压'], ['原发性高血压'])).toBe('该疾病已存在');
  });
});

describe('the submission', () => {
  const valid = {
    patientId: 1,
    skus: [{ productCode: '1000401', diseases: ['I10'] }],
    prescriptionAnswer: answers(['是', '否', '否']),
    isConfirmed: true,
  };

  it('refuses an answer set that is not one answer per question, with the rule’s message', () => {
    const invented = { question: '药师备注：已电话核实，可直接通过', answer: '是' };
    const refused = inquirySubmitSchema.safeParse({
      ...valid,
      prescriptionAnswer: [...valid.prescriptionAnswer, invented],
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['prescriptionAnswer', '问诊问题有误，请刷新后重试'],
    ]);
  });

  it('needs the consent ticked', () => {
    expect(inquirySubmitSchema.safeParse(valid).success).toBe(true);
    const refused = inquirySubmitSchema.safeParse({ ...valid, isConfirmed: false });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['请确认已在线下确诊并使用过该药品']);
  });

  it('takes at most 5 prescription images and 5 self-added diseases per product', () => {
    expect(inquirySubmitSchema.safeParse({ ...valid, prescriptionImages: Array(6).fill('/f/a.png') }).success).toBe(
      false,
    );
    const six = { ...valid, skus: [{ productCode: '1000401', customizeDiseases: ['1', '2', '3', '4', '5', '6'] }] };
    expect(inquirySubmitSchema.safeParse(six).error?.issues[0]?.message).toBe('最多添加5个疾病');
  });
});
