// The prescription inquiry's limits, texts and the checks both the page and the server run, without zod
// (inquiry.contract.ts, which re-exports them, holds the schemas): the inquiry page's form loads no zod.
import { MSG } from '../common/messages.ts';

// ---- Limits ----
export const CUSTOM_DISEASE_LIMIT = 5;
export const DISEASE_NAME_MAX_LENGTH = 50;
export const DISEASE_SEARCH_PAGE_SIZE = 10;
export const DISEASE_SEARCH_DEBOUNCE_MS = 500;

// ---- Diseases (ICD-10, Chinese name, sex applicability) ----
export const DISEASE_SEXES = ['male', 'female', 'common'] as const;
export type DiseaseSex = (typeof DISEASE_SEXES)[number];

/** Does a disease apply to a patient of this sex (0 male, 1 female)? */
export const isDiseaseForSex = (disease: { sex: DiseaseSex }, sex: number) =>
  disease.sex === 'common' || (disease.sex === 'male' ? sex === 0 : sex === 1);

// ---- The three questions (the UI texts): expected 是, 否, 否 ----
export const INQUIRY_QUESTIONS = [
  {
    question: '您是否已在线下医院确诊该疾病，并使用过该药品？',
    expected: '是',
    wrongMessage: MSG.answerContraindicated,
  },
  { question: '您是否有该药品的过敏史或相关禁忌症？', expected: '否', wrongMessage: MSG.answerContraindicated },
  { question: '您使用该药品后是否出现过不良反应？', expected: '否', wrongMessage: MSG.answerAdverseReaction },
] as const;
/** The inquiry page's lead, above the patient and the products (the member's page and the guest link's). */
export const INQUIRY_LEAD = '您的订单含处方药，请选择用药人并填写问诊信息，药师审核通过后为您发货。';
export const INQUIRY_CONFIRM_TEXT = '本人确认已在线下确诊并使用过该药品，无过敏史、无相关禁忌症和不良反应';
/** The version of the consent text the member agreed to; kept with the inquiry. */
export const INQUIRY_CONSENT_VERSION = 'inquiry-consent-2026-11';
/** A pharmacist's rejection states its reason in at most this many characters. */
export const REJECT_REASON_MAX_LENGTH = 100;

type GivenAnswer = { question: string; answer: string };

/**
 * Exactly one answer to each of the three questions and to nothing else, or the message why not. Everything
 * sent is stored and shown to the pharmacist, so a second, contradicting answer or an invented line (a
 * "pharmacist's note") must never get through.
 */
export function checkAnswerSet(answers: readonly GivenAnswer[]): string | null {
  const known = new Set<string>(INQUIRY_QUESTIONS.map((item) => item.question));
  const seen = new Set<string>();
  for (const { question } of answers) {
    if (!known.has(question)) return MSG.inquiryQuestionUnknown;
    if (seen.has(question)) return MSG.inquiryAnswerDuplicate;
    seen.add(question);
  }
  return seen.size === known.size ? null : MSG.inquiryAnswersRequired;
}

/** The first problem of the answers (the set, then a wrong answer), or null for exactly 是, 否, 否. */
export function checkAnswers(answers: readonly GivenAnswer[]): string | null {
  const setProblem = checkAnswerSet(answers);
  if (setProblem) return setProblem;
  for (const item of INQUIRY_QUESTIONS) {
    if (answers.find((answer) => answer.question === item.question)?.answer !== item.expected) {
      return item.wrongMessage;
    }
  }
  return null;
}

/** Age bans and sex rules of the chosen patient against each product and its chosen diseases. */
export function checkPatientForProducts(
  patient: { age: number; sex: number },
  products: readonly { forbiddenAgeLess: number | null; forbiddenAgeGreater: number | null }[],
  chosenDiseases: readonly { sex: DiseaseSex }[],
): string | null {
  for (const product of products) {
    if (product.forbiddenAgeLess !== null && patient.age < product.forbiddenAgeLess) return MSG.contraindicatedAge;
    if (product.forbiddenAgeGreater !== null && patient.age > product.forbiddenAgeGreater) {
      return MSG.contraindicatedAge;
    }
  }
  if (chosenDiseases.some((disease) => !isDiseaseForSex(disease, patient.sex))) return MSG.genderMismatch;
  return null;
}

/**
 * A drug that needs a diagnosis (the Rx settings) needs one from the dictionary: a self-typed name has no
 * code and no sex rule behind it. A typed name that is a dictionary entry's counts as that entry.
 */
export function checkDiagnosisGiven(
  dictionaryDiseases: number,
  settings: { isDiseaseRequired: boolean },
): string | null {
  return settings.isDiseaseRequired && dictionaryDiseases === 0 ? MSG.diseaseRequired : null;
}

/** The self-added diseases of one product: at most 5, no name twice (nor one of the dictionary diseases chosen). */
export function checkCustomDiseases(custom: readonly string[], chosenNames: readonly string[]): string | null {
  if (custom.length > CUSTOM_DISEASE_LIMIT) return MSG.customDiseaseLimit;
  const seen = new Set(chosenNames);
  for (const name of custom) {
    if (seen.has(name)) return MSG.customDiseaseExists;
    seen.add(name);
  }
  return null;
}

/** The pharmacist's review of a submitted inquiry (beyond the spec, see docs/PRESCRIPTIONS.md). */
export const PRESCRIPTION_STATUSES = ['reviewing', 'passed', 'rejected'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];
export const PRESCRIPTION_STATUS_TEXT = {
  reviewing: '药师审核中',
  passed: '审核通过',
  rejected: '未通过',
} as const satisfies Record<PrescriptionStatus, string>;
