import { MSG } from '@anxin/shared/common/messages';
import type { InquiryData, InquirySubmit } from '@anxin/shared/inquiry/inquiry.contract';
import { INQUIRY_CONFIRM_TEXT } from '@anxin/shared/inquiry/inquiry.rules';
import type { Patient } from '@anxin/shared/patients/patient.contract';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage, isApiError } from '../../../lib/api-client.ts';
import {
  type Answer,
  answerProblem,
  hasProblems,
  initialChoices,
  inquiryProblems,
  type PatientIssue,
  type ProductChoice,
  pickPatient,
  placeOfField,
  toSubmitBody,
} from '../lib/inquiry-form.ts';
import { InquiryQuestions } from './inquiry-questions.tsx';
import { PatientChooser } from './patient-chooser.tsx';
import { type OrderLineLook, ProductDiseases } from './product-diseases.tsx';
import '../inquiry.css';

/** Messages the server sent for one part of the page (400 fields), cleared when that part changes. */
type ServerProblems = { patient?: string; products: Record<number, string>; answers?: string; confirm?: string };
const NO_SERVER_PROBLEMS: ServerProblems = { products: {} };

function scrollToFirstProblem() {
  window.requestAnimationFrame(() => {
    document
      .querySelector('.inquiry [data-testid="inquiry-patient-issue"], .inquiry .inquiry__error')
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  });
}

type InquiryFormProps = {
  /** The order's inquiry data (its prescription products, the Rx settings). */
  data: InquiryData;
  /** The medication users to choose from (the member's list, or the link's list by key). */
  patients: { data: Patient[] | undefined; isError: boolean; refetch: () => unknown };
  /** The patient to start from (the one just added, when the patient form sent the shopper back). */
  initialPatientId: number | null;
  /** The order's lines by product code: each product's picture, packing and amount. */
  linesByCode: Map<string, OrderLineLook>;
  /** This page's URL, where the patient form comes back to. */
  backUrl: string;
  /** Where the patient form lives, when not the member centre's (the guest link's, in its own frame). */
  patientFormPath?: string;
  /** Sends the inquiry (member: perfect/{ordersCode}; guest link: perfectByToken); a 400's fields are placed. */
  submit: (body: InquirySubmit) => Promise<unknown>;
  /** After a successful submit: the payment. */
  onSubmitted: () => Promise<unknown>;
  isBusy: boolean;
};

/**
 * The inquiry form of an order: the patient, per prescription product its diagnosed diseases, three questions
 * and the consent; 保存并同意问诊 checks everything, sends it and goes on (the member's /pay/inquiry and the
 * guest link's inquiry use it with their own calls).
 */
export function InquiryForm({
  data,
  patients,
  initialPatientId,
  linesByCode,
  backUrl,
  patientFormPath,
  submit,
  onSubmitted,
  isBusy,
}: InquiryFormProps) {
  const { message } = useFeedback();
  // The patient form sends the shopper back with the patient just added (`patientId`): that one is chosen.
  const [chosenId, setChosenId] = useState<number | null>(initialPatientId);
  const [editedChoices, setEditedChoices] = useState<ProductChoice[] | null>(null);
  const [answers, setAnswers] = useState<Answer[]>([undefined, undefined, undefined]);
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [isAttempted, setIsAttempted] = useState(false);
  const [server, setServer] = useState<ServerProblems>(NO_SERVER_PROBLEMS);

  const patientList = patients.data ?? [];
  const chosen = pickPatient(patientList, chosenId);
  const choices = editedChoices ?? initialChoices(data.products);
  const problems = inquiryProblems({
    patient: chosen,
    patients: patientList,
    settings: data.settings,
    products: data.products,
    choices,
    answers,
    isConfirmed,
  });
  // The patient's validity shows at once (once the list is known), wrong answers as soon as picked; what is
  // merely missing shows after the first 保存并同意问诊.
  const patientShown: PatientIssue | null = server.patient
    ? { kind: 'rule', message: server.patient }
    : patients.data && (problems.patient?.kind !== 'empty' || isAttempted || patientList.length === 0)
      ? problems.patient
      : null;
  const answerShown = answers.map(
    (answer, index) => answerProblem(index, answer) ?? (isAttempted ? problems.answers[index] : null) ?? null,
  );
  const setChoice = (index: number, choice: ProductChoice) => {
    setEditedChoices(choices.map((item, at) => (at === index ? choice : item)));
    setServer((current) => ({ ...current, products: { ...current.products, [index]: '' } }));
  };
  const choosePatient = (patient: Patient) => {
    setChosenId(patient.id);
    setServer((current) => ({ ...current, patient: undefined }));
  };

  const handleSubmit = async () => {
    setIsAttempted(true);
    setServer(NO_SERVER_PROBLEMS);
    if (hasProblems(problems) || !chosen) {
      scrollToFirstProblem();
      return;
    }
    try {
      await submit(toSubmitBody({ patientId: chosen.id, choices, answers }));
    } catch (error) {
      const fields = isApiError(error) ? error.fields : [];
      const next: ServerProblems = { products: {} };
      let isPlaced = false;
      for (const { field, message: text } of fields) {
        const place = placeOfField(field);
        if (!place) continue;
        isPlaced = true;
        if (place.part === 'patient') next.patient = text;
        else if (place.part === 'product') next.products[place.index] = text;
        else if (place.part === 'answers') next.answers = text;
        else next.confirm = text;
      }
      setServer(next);
      if (isPlaced) scrollToFirstProblem();
      else message.error(getFailureMessage(error, MSG.patientSaveFailed));
      return;
    }
    await onSubmitted();
  };

  return (
    <>
      <PatientChooser
        patients={patients.data}
        isError={patients.isError}
        onRetry={() => void patients.refetch()}
        chosen={chosen}
        onChoose={choosePatient}
        issue={patientShown}
        backUrl={backUrl}
        patientFormPath={patientFormPath}
      />

      <section className="card inquiry__section" aria-labelledby="inquiry-products-title">
        <header className="card__header">
          <h2 className="card__title" id="inquiry-products-title">
            处方药品与确诊疾病
          </h2>
          <span className="card__more">请为每个药品选择线下已确诊的疾病</span>
        </header>
        <div className="inquiry-products">
          {data.products.map((product, index) => {
            const choice = choices[index];
            if (!choice) return null;
            return (
              <ProductDiseases
                key={product.productCode}
                product={product}
                line={linesByCode.get(product.productCode)}
                choice={choice}
                onChange={(next) => setChoice(index, next)}
                patient={chosen}
                problem={server.products[index] || (isAttempted ? (problems.products[index] ?? null) : null)}
              />
            );
          })}
        </div>
      </section>

      <section className="card inquiry__section" aria-labelledby="inquiry-questions-title">
        <header className="card__header">
          <h2 className="card__title" id="inquiry-questions-title">
            问诊信息
          </h2>
        </header>
        <InquiryQuestions
          answers={answers}
          onAnswer={(index, answer) => {
            setAnswers(answers.map((item, at) => (at === index ? answer : item)));
            setServer((current) => ({ ...current, answers: undefined }));
          }}
          problems={answerShown}
        />
        {server.answers ? (
          <span className="inquiry__error" role="alert">
            {server.answers}
          </span>
        ) : null}
      </section>

      <section className="card inquiry__submit-bar">
        <div className="inquiry__confirm">
          <Checkbox
            checked={isConfirmed}
            onChange={(event) => {
              setIsConfirmed(event.target.checked);
              setServer((current) => ({ ...current, confirm: undefined }));
            }}
          >
            {INQUIRY_CONFIRM_TEXT}
          </Checkbox>
          {server.confirm || (isAttempted && problems.confirm) ? (
            <span className="inquiry__error" role="alert">
              {server.confirm || problems.confirm}
            </span>
          ) : null}
        </div>
        <Button
          type="primary"
          size="large"
          className="inquiry__submit"
          loading={isBusy}
          onClick={() => void handleSubmit()}
        >
          保存并同意问诊
        </Button>
      </section>
    </>
  );
}
