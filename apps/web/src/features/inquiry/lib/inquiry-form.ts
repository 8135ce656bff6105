import { MSG } from '@anxin/shared/common/messages';
import type {
  Disease,
  DiseaseSex,
  InquiryProduct,
  InquirySubmit,
  RxOrderSettings,
} from '@anxin/shared/inquiry/inquiry.contract';
import {
  checkCustomDiseases,
  checkDiagnosisGiven,
  checkPatientForProducts,
  DISEASE_NAME_MAX_LENGTH,
  INQUIRY_QUESTIONS,
} from '@anxin/shared/inquiry/inquiry.rules';
import type { Patient } from '@anxin/shared/patients/patient.contract';

// The pure rules of /pay/inquiry ("Disease selection", "Inquiry
// questions"): what the page shows next to each part and what it sends. The server checks the same again.

/** A dictionary disease a product may be prescribed for: one of its usual diagnoses, or one found by search. */
export type DiseaseOption = { icdCode: string; name: string; sex: DiseaseSex; isDefault: boolean; isUsual: boolean };

/** The member's choice for one product: the dictionary diseases offered and chosen, and self-added names. */
export type ProductChoice = { productCode: string; options: DiseaseOption[]; selected: string[]; custom: string[] };

export type Answer = '是' | '否' | undefined;

/** Each product's usual diagnoses as options, the defaults (or an earlier submission's picks) chosen. */
export function initialChoices(products: readonly InquiryProduct[]): ProductChoice[] {
  return products.map((product) => {
    const dictionary = product.diseasesList.filter((item) => !item.isCustom && item.icdCode !== '');
    return {
      productCode: product.productCode,
      options: dictionary.map((item) => ({
        icdCode: item.icdCode,
        name: item.diseasesDesc,
        sex: item.sex,
        isDefault: item.isDefault,
        isUsual: true,
      })),
      selected: dictionary.filter((item) => item.selected).map((item) => item.icdCode),
      custom: product.diseasesList.filter((item) => item.isCustom && item.selected).map((item) => item.diseasesDesc),
    };
  });
}

/** Chooses or un-chooses a disease; a searched one that is un-chosen leaves the list. */
export function toggleDisease(choice: ProductChoice, icdCode: string): ProductChoice {
  if (!choice.selected.includes(icdCode)) return { ...choice, selected: [...choice.selected, icdCode] };
  return {
    ...choice,
    selected: choice.selected.filter((code) => code !== icdCode),
    options: choice.options.filter((option) => option.isUsual || option.icdCode !== icdCode),
  };
}

/** A disease picked from the dictionary search: offered (once) and chosen. */
export function addDictionaryDisease(choice: ProductChoice, disease: Disease): ProductChoice {
  const isOffered = choice.options.some((option) => option.icdCode === disease.icdCode);
  return {
    ...choice,
    options: isOffered
      ? choice.options
      : [
          ...choice.options,
          { icdCode: disease.icdCode, name: disease.icdName, sex: disease.sex, isDefault: false, isUsual: false },
        ],
    selected: choice.selected.includes(disease.icdCode) ? choice.selected : [...choice.selected, disease.icdCode],
  };
}

/** The chosen dictionary diseases of one product. */
export function chosenOptions(choice: ProductChoice): DiseaseOption[] {
  return choice.options.filter((option) => choice.selected.includes(option.icdCode));
}

/**
 * A self-added disease (at most 5, no name twice): the new choice, or the message to show. A name that is
 * already one of the offered diseases exists too (choose it instead).
 */
export function addCustomDisease(
  choice: ProductChoice,
  rawName: string,
): { choice: ProductChoice; error?: undefined } | { error: string } {
  const name = rawName.trim();
  if (name.length === 0 || name.length > DISEASE_NAME_MAX_LENGTH) return { error: MSG.customDiseaseNameInvalid };
  if (choice.options.some((option) => option.name === name) || choice.custom.includes(name)) {
    return { error: MSG.customDiseaseExists };
  }
  const custom = [...choice.custom, name];
  const problem = checkCustomDiseases(
    custom,
    chosenOptions(choice).map((option) => option.name),
  );
  if (problem) return { error: problem };
  return { choice: { ...choice, custom } };
}

export function removeCustomDisease(choice: ProductChoice, name: string): ProductChoice {
  return { ...choice, custom: choice.custom.filter((item) => item !== name) };
}

/**
 * Each drug needs at least one disease from the dictionary when the settings say so: a self-typed name alone
 * does not do (the server's rule; it takes a typed name that is a dictionary entry's as that entry, the page
 * asks the shopper to pick it).
 */
export function diseaseProblem(choice: ProductChoice, settings: Pick<RxOrderSettings, 'isDiseaseRequired'>) {
  return checkDiagnosisGiven(choice.selected.length, settings);
}

/** What the patient card says about the chosen patient; `kind` tells it which action to offer. */
export type PatientIssue = { kind: 'empty' | 'unverified' | 'incomplete' | 'rule'; message: string };

export function hasCertificate(patient: Pick<Patient, 'idCardNumber' | 'cardNumber'>): boolean {
  return Boolean(patient.idCardNumber?.trim() || patient.cardNumber?.trim());
}

/**
 * by the Rx settings, then the age bans and sex rules of the products
 * against the chosen diseases (checkPatientForProducts, shared with the server).
 */
export function patientIssue(
  patient: Patient | undefined,
  patients: readonly Patient[],
  settings: Pick<RxOrderSettings, 'isNeedUserValidation' | 'isDrugUserInfoNeed'>,
  products: readonly InquiryProduct[],
  choices: readonly ProductChoice[],
): PatientIssue | null {
  if (!patient) {
    const hasVerified = patients.some((item) => item.isValidateName);
    return {
      kind: 'empty',
      message: settings.isNeedUserValidation && !hasVerified ? MSG.noVerifiedPatient : MSG.patientEmpty,
    };
  }
  if (settings.isNeedUserValidation && !patient.isValidateName) {
    return { kind: 'unverified', message: MSG.patientNotVerified };
  }
  if (settings.isDrugUserInfoNeed && !hasCertificate(patient)) {
    return { kind: 'incomplete', message: MSG.patientIncomplete };
  }
  const rule = checkPatientForProducts(
    patient,
    products,
    choices.flatMap((choice) => chosenOptions(choice)),
  );
  return rule ? { kind: 'rule', message: rule } : null;
}

/** The message of a wrong answer to question `index`, shown as soon as it is picked. */
export function answerProblem(index: number, answer: Answer): string | null {
  const question = INQUIRY_QUESTIONS[index];
  if (!question || answer === undefined) return null;
  return answer === question.expected ? null : question.wrongMessage;
}

export type InquiryProblems = {
  patient: PatientIssue | null;
  products: (string | null)[];
  answers: (string | null)[];
  confirm: string | null;
};

/** Every problem the page shows before it sends anything; all null when the inquiry may be submitted. */
export function inquiryProblems(input: {
  patient: Patient | undefined;
  patients: readonly Patient[];
  settings: RxOrderSettings;
  products: readonly InquiryProduct[];
  choices: readonly ProductChoice[];
  answers: readonly Answer[];
  isConfirmed: boolean;
}): InquiryProblems {
  return {
    patient: patientIssue(input.patient, input.patients, input.settings, input.products, input.choices),
    products: input.choices.map((choice) => diseaseProblem(choice, input.settings)),
    answers: INQUIRY_QUESTIONS.map((_, index) => {
      const answer = input.answers[index];
      return answer === undefined ? MSG.inquiryAnswersRequired : answerProblem(index, answer);
    }),
    confirm: input.isConfirmed ? null : MSG.inquiryConfirmRequired,
  };
}

export function hasProblems(problems: InquiryProblems): boolean {
  return (
    problems.patient !== null ||
    problems.products.some((problem) => problem !== null) ||
    problems.answers.some((problem) => problem !== null) ||
    problems.confirm !== null
  );
}

/** The body of POST /v2/orders/inquiry/perfect/{ordersCode}. */
export function toSubmitBody(input: {
  patientId: number;
  choices: readonly ProductChoice[];
  answers: readonly Answer[];
}): InquirySubmit {
  return {
    patientId: input.patientId,
    skus: input.choices.map((choice) => ({
      productCode: choice.productCode,
      diseases: [...choice.selected],
      customizeDiseases: [...choice.custom],
    })),
    prescriptionAnswer: INQUIRY_QUESTIONS.map((item, index) => ({
      question: item.question,
      answer: input.answers[index] ?? '否',
    })),
    isConfirmed: true,
  };
}

/** Where a server field error belongs on the page (`patientId`, `skus.1.diseases`, `prescriptionAnswer`…). */
export type FieldPlace =
  | { part: 'patient' }
  | { part: 'product'; index: number }
  | { part: 'answers' }
  | { part: 'confirm' };

export function placeOfField(field: string): FieldPlace | null {
  if (field === 'patientId') return { part: 'patient' };
  const sku = /^skus\.(\d+)(\.|$)/.exec(field);
  if (sku) return { part: 'product', index: Number(sku[1]) };
  if (field.startsWith('prescriptionAnswer')) return { part: 'answers' };
  if (field === 'isConfirmed') return { part: 'confirm' };
  return null;
}

/** The patient the page starts with: the one chosen before if still there, else the first (the default). */
export function pickPatient(patients: readonly Patient[], chosenId: number | null): Patient | undefined {
  return patients.find((patient) => patient.id === chosenId) ?? patients[0];
}
