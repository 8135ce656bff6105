import { MSG } from '@anxin/shared/common/messages';
import {
  DEFAULT_RX_ORDER_SETTINGS,
  INQUIRY_QUESTIONS,
  type InquiryProduct,
} from '@anxin/shared/inquiry/inquiry.contract';
import { EMPTY_HEALTH_INFO, type Patient } from '@anxin/shared/patients/patient.contract';
import { describe, expect, it } from 'vitest';
import {
  addCustomDisease,
  addDictionaryDisease,
  answerProblem,
  hasProblems,
  initialChoices,
  inquiryProblems,
  patientIssue,
  pickPatient,
  placeOfField,
  removeCustomDisease,
  toggleDisease,
  toSubmitBody,
} from './inquiry-form.ts';

const product = (overrides: Partial<InquiryProduct> = {}): InquiryProduct => ({
  productCode: '1000601',
  productName: '阿莫西林胶囊',
  commonTitle: '阿莫西林胶囊',
  prescriptionType: 4,
  forbiddenAgeLess: null,
  forbiddenAgeGreater: null,
  diseasesList: [
    {
      diseasesDesc: '急性上呼吸道感染',
      icdCode: 'J06.9',
      sex: 'common',
      isDefault: true,
      isCustom: false,
      selected: true,
    },
    {
      diseasesDesc: '急性支气管炎',
      icdCode: 'J20.9',
      sex: 'common',
      isDefault: false,
      isCustom: false,
      selected: false,
    },
  ],
  ...overrides,
});

const patient = (overrides: Partial<Patient> = {}): Patient =>
  ({
    id: 1,
    name: '林安心',
    consigneePhone: '139****5678',
    certificateType: 1,
    idCardNumber: '110***********1234',
    cardNumber: null,
    sex: 0,
    age: 36,
    birthDay: 0,
    relationLabel: 'self',
    healthInfo: EMPTY_HEALTH_INFO,
    isValidateName: true,
    isDefault: true,
    ...overrides,
  }) as Patient;

const settings = DEFAULT_RX_ORDER_SETTINGS;

describe('disease choices', () => {
  it('starts with the usual diagnoses offered and the defaults chosen', () => {
    const [choice] = initialChoices([product()]);
    expect(choice?.options.map((option) => option.icdCode)).toEqual(['J06.9', 'J20.9']);
    expect(choice?.selected).toEqual(['J06.9']);
    expect(choice?.custom).toEqual([]);
  });

  it('toggles a usual diagnosis; a searched one leaves the list when un-chosen', () => {
    let [choice] = initialChoices([product()]);
    if (!choice) throw new Error('no choice');
    choice = toggleDisease(choice, 'J06.9');
    expect(choice.selected).toEqual([]);
    expect(choice.options).toHaveLength(2);
    choice = addDictionaryDisease(choice, { icdCode: 'I10', icdName: '高血压', sex: 'common' });
    choice = addDictionaryDisease(choice, { icdCode: 'I10', icdName: '高血压', sex: 'common' });
    expect(choice.selected).toEqual(['I10']);
    expect(choice.options).toHaveLength(3);
    choice = toggleDisease(choice, 'I10');
    expect(choice.options.map((option) => option.icdCode)).toEqual(['J06.9', 'J20.9']);
  });

  it('adds self-named diseases: at most 5, no name twice, not one already offered', () => {
    let [choice] = initialChoices([product()]);
    if (!choice) throw new Error('no choice');
    expect(addCustomDisease(choice, '  ')).toEqual({ error: MSG.customDiseaseNameInvalid });
    expect(addCustomDisease(choice, '急性支气管炎')).toEqual({ error: MSG.customDiseaseExists });
    for (const name of ['甲', '乙', '丙', '丁', '戊']) {
      const result = addCustomDisease(choice, name);
      if (result.error !== undefined) throw new Error(result.error);
      choice = result.choice;
    }
    expect(addCustomDisease(choice, '甲')).toEqual({ error: MSG.customDiseaseExists });
    expect(addCustomDisease(choice, '己')).toEqual({ error: MSG.customDiseaseLimit });
    expect(removeCustomDisease(choice, '甲').custom).toEqual(['乙', '丙', '丁', '戊']);
  });
});

describe('patient validity', () => {
  const products = [product()];
  const choices = initialChoices(products);

  it('asks for a verified patient when there is none, else says the patient is empty', () => {
    expect(patientIssue(undefined, [], settings, products, choices)).toEqual({
      kind: 'empty',
      message: MSG.noVerifiedPatient,
    });
    expect(patientIssue(undefined, [], { ...settings, isNeedUserValidation: false }, products, choices)?.message).toBe(
      MSG.patientEmpty,
    );
  });

  it('follows the settings for real-name verification and the ID number', () => {
    const unverified = patient({ isValidateName: false });
    expect(patientIssue(unverified, [unverified], settings, products, choices)?.kind).toBe('unverified');
    expect(
      patientIssue(unverified, [unverified], { ...settings, isNeedUserValidation: false }, products, choices),
    ).toBeNull();
    const noId = patient({ idCardNumber: null, cardNumber: null });
    expect(patientIssue(noId, [noId], settings, products, choices)).toEqual({
      kind: 'incomplete',
      message: MSG.patientIncomplete,
    });
  });

  it('applies the age bans and the sex of the chosen diseases', () => {
    const child = patient({ age: 8 });
    const banned = [product({ forbiddenAgeLess: 10 })];
    expect(patientIssue(child, [child], settings, banned, initialChoices(banned))?.message).toBe(
      MSG.contraindicatedAge,
    );
    const [choice] = initialChoices(products);
    if (!choice) throw new Error('no choice');
    const female = [addDictionaryDisease(choice, { icdCode: 'O21.0', icdName: '妊娠剧吐', sex: 'female' })];
    expect(patientIssue(patient(), [patient()], settings, products, female)?.message).toBe(MSG.genderMismatch);
    expect(patientIssue(patient({ sex: 1 }), [patient()], settings, products, female)).toBeNull();
  });
});

describe('questions and the whole inquiry', () => {
  it('shows the wrong-answer message of each question as soon as it is picked', () => {
    expect(answerProblem(0, '是')).toBeNull();
    expect(answerProblem(0, '否')).toBe(MSG.answerContraindicated);
    expect(answerProblem(1, '是')).toBe(MSG.answerContraindicated);
    expect(answerProblem(2, '是')).toBe(MSG.answerAdverseReaction);
    expect(answerProblem(2, undefined)).toBeNull();
  });

  it('finds every problem, then none, and builds the body the server expects', () => {
    const products = [product()];
    const [choice] = initialChoices(products);
    if (!choice) throw new Error('no choice');
    const none = toggleDisease(choice, 'J06.9');
    const base = { patient: patient(), patients: [patient()], settings, products };
    const bad = inquiryProblems({ ...base, choices: [none], answers: ['是', undefined, '是'], isConfirmed: false });
    expect(bad.products).toEqual([MSG.diseaseRequired]);
    // A self-typed disease alone is not a diagnosis from the dictionary (issue 28).
    const typedOnly = addCustomDisease(none, '前列腺增生');
    if (!('choice' in typedOnly)) throw new Error('not added');
    expect(inquiryProblems({ ...base, choices: [typedOnly.choice], answers: [], isConfirmed: true }).products).toEqual([
      MSG.diseaseRequired,
    ]);
    expect(bad.answers).toEqual([null, MSG.inquiryAnswersRequired, MSG.answerAdverseReaction]);
    expect(bad.confirm).toBe(MSG.inquiryConfirmRequired);
    expect(hasProblems(bad)).toBe(true);

    const good = inquiryProblems({ ...base, choices: [choice], answers: ['是', '否', '否'], isConfirmed: true });
    expect(hasProblems(good)).toBe(false);
    const withCustom = addCustomDisease(choice, '咽炎');
    if (withCustom.error !== undefined) throw new Error(withCustom.error);
    expect(toSubmitBody({ patientId: 1, choices: [withCustom.choice], answers: ['是', '否', '否'] })).toEqual({
      patientId: 1,
      skus: [{ productCode: '1000601', diseases: ['J06.9'], customizeDiseases: ['咽炎'] }],
      prescriptionAnswer: INQUIRY_QUESTIONS.map((item, index) => ({
        question: item.question,
        answer: ['是', '否', '否'][index],
      })),
      isConfirmed: true,
    });
  });

  it('places server field errors and picks the patient', () => {
    expect(placeOfField('patientId')).toEqual({ part: 'patient' });
    expect(placeOfField('skus.1.customizeDiseases')).toEqual({ part: 'product', index: 1 });
    expect(placeOfField('prescriptionAnswer')).toEqual({ part: 'answers' });
    expect(placeOfField('isConfirmed')).toEqual({ part: 'confirm' });
    expect(placeOfField('prescriptionImages')).toBeNull();
    const list = [patient({ id: 3 }), patient({ id: 4 })];
    expect(pickPatient(list, null)?.id).toBe(3);
    expect(pickPatient(list, 4)?.id).toBe(4);
    expect(pickPatient(list, 9)?.id).toBe(3);
  });
});
