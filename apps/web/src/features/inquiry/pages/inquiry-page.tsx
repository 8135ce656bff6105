import { MSG } from '@anxin/shared/common/messages';
import { INQUIRY_CONFIRM_TEXT, PRESCRIPTION_STATUS_TEXT } from '@anxin/shared/inquiry/inquiry.contract';
import type { Patient } from '@anxin/shared/patients/patient.contract';
import { Alert, Button, Checkbox, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, getFailureMessage, isApiError } from '../../../lib/api-client.ts';
import { useOrderDetail } from '../../orders/api/get-order-detail.ts';
import type { Order } from '../../orders/api/get-orders.ts';
import { usePatients } from '../../patients/api/get-patients.ts';
import { usePayNow } from '../../payments/api/pay-now.ts';
import { useMemberVo } from '../../profile/api/get-member-vo.ts';
import { useInquiry } from '../api/get-inquiry.ts';
import { useSubmitInquiry } from '../api/submit-inquiry.ts';
import { InquiryQuestions } from '../components/inquiry-questions.tsx';
import { PatientChooser } from '../components/patient-chooser.tsx';
import { ProductDiseases } from '../components/product-diseases.tsx';
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
import '../inquiry.css';

/** Messages the server sent for one part of the page (400 fields), cleared when that part changes. */
type ServerProblems = { patient?: string; products: Record<number, string>; answers?: string; confirm?: string };
const NO_SERVER_PROBLEMS: ServerProblems = { products: {} };

const orderUrl = (code: string) => `/user/order/detail/${encodeURIComponent(code)}`;

function scrollToFirstProblem() {
  window.requestAnimationFrame(() => {
    document
      .querySelector('.inquiry [data-testid="inquiry-patient-issue"], .inquiry .inquiry__error')
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  });
}

/** Starts the payment as the order pages do (pay-now.ts, paymentType 99) and goes on to the cashier. */
function usePayOrder(ordersCode: string, paySource: string) {
  const member = useMemberVo();
  const pay = usePayNow();
  const { message } = useFeedback();
  const start = async () => {
    try {
      const userId = Number(member.data?.accountId);
      const { payUrl } = await pay.mutateAsync({ userId, orderCodes: [ordersCode], paySource });
      window.location.assign(payUrl);
      return true;
    } catch (error) {
      message.error(getErrorMessage(error, MSG.requestError));
      return false;
    }
  };
  return { start, isPending: pay.isPending };
}

function PageFrame({ ordersCode, children }: { ordersCode: string; children: React.ReactNode }) {
  return (
    <div className="container inquiry">
      <div className="inquiry__intro">
        <h1 className="inquiry__title">完善问诊信息</h1>
        {ordersCode ? (
          <span className="inquiry__order">
            订单号：<Link to={orderUrl(ordersCode)}>{ordersCode}</Link>
          </span>
        ) : null}
      </div>
      {children}
    </div>
  );
}

/** The inquiry was submitted before: its review's state, and paying or the order. */
function CompletedNotice({
  ordersCode,
  status,
  order,
  pay,
}: {
  ordersCode: string;
  status: keyof typeof PRESCRIPTION_STATUS_TEXT | null;
  order: Order | undefined;
  pay: ReturnType<typeof usePayOrder>;
}) {
  const canPay = order?.actions.includes('pay') ?? false;
  return (
    <section className="card">
      <Result
        status="success"
        title="问诊信息已提交"
        subTitle={
          <>
            {MSG.inquiryAlreadyDone}
            {status ? `，处方状态：${PRESCRIPTION_STATUS_TEXT[status]}` : ''}。
            {canPay
              ? status === 'passed'
                ? '请尽快完成付款，付款后为您发货。'
                : '请尽快完成付款，药师审核通过后为您发货。'
              : ''}
          </>
        }
        extra={[
          canPay || pay.isPending ? (
            <Button key="pay" type="primary" loading={pay.isPending} onClick={() => void pay.start()}>
              立即付款
            </Button>
          ) : null,
          <Link key="order" to={orderUrl(ordersCode)}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
    </section>
  );
}

/**
 * /pay/inquiry?orderCode&paySource (B §2): the prescription inquiry of an order before it is paid. The patient,
 * per prescription product its diagnosed diseases, three questions and the consent; 保存并同意问诊 saves it and
 * starts the payment.
 */
export function InquiryPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const ordersCode = search.get('orderCode') ?? '';
  const paySource = search.get('paySource') || 'PC';
  const backUrl = `${location.pathname}${location.search}`;
  const { message } = useFeedback();

  const inquiry = useInquiry(ordersCode);
  const order = useOrderDetail(ordersCode);
  const patients = usePatients();
  const submit = useSubmitInquiry();
  const pay = usePayOrder(ordersCode, paySource);

  // The patient form sends the shopper back with the patient just added (`patientId`): that one is chosen.
  const [chosenId, setChosenId] = useState<number | null>(() => Number(search.get('patientId')) || null);
  const [editedChoices, setEditedChoices] = useState<ProductChoice[] | null>(null);
  const [answers, setAnswers] = useState<Answer[]>([undefined, undefined, undefined]);
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [isAttempted, setIsAttempted] = useState(false);
  const [server, setServer] = useState<ServerProblems>(NO_SERVER_PROBLEMS);

  if (!ordersCode) {
    return (
      <PageFrame ordersCode="">
        <section className="card">
          <Result status="404" title="订单不存在" subTitle="链接中缺少订单号" />
        </section>
      </PageFrame>
    );
  }

  if (inquiry.isPending) {
    return (
      <PageFrame ordersCode={ordersCode}>
        <section className="card" aria-busy="true">
          <Skeleton active paragraph={{ rows: 10 }} />
        </section>
      </PageFrame>
    );
  }

  if (inquiry.isError) {
    const error = inquiry.error;
    const status = isApiError(error) ? error.status : 0;
    return (
      <PageFrame ordersCode={ordersCode}>
        <section className="card">
          <Result
            status={status === 404 ? '404' : 'warning'}
            title={status === 404 ? '订单不存在' : error.message}
            subTitle={status === 404 ? '该订单不存在或已被删除' : undefined}
            extra={
              status === 404 || status === 409 ? (
                <Link to={status === 404 ? '/user/order/mine/all' : orderUrl(ordersCode)}>
                  <Button type="primary">{status === 404 ? '返回我的订单' : '查看订单'}</Button>
                </Link>
              ) : (
                <Button type="primary" onClick={() => void inquiry.refetch()}>
                  重试
                </Button>
              )
            }
          />
        </section>
      </PageFrame>
    );
  }

  const data = inquiry.data;
  const theOrder = order.data?.[0];
  if (data.isPerfect || pay.isPending) {
    return (
      <PageFrame ordersCode={ordersCode}>
        <CompletedNotice ordersCode={ordersCode} status={data.status} order={theOrder} pay={pay} />
      </PageFrame>
    );
  }
  if (theOrder && theOrder.orderType !== 'waitAudit') {
    return (
      <PageFrame ordersCode={ordersCode}>
        <section className="card">
          <Result
            status="info"
            title={theOrder.orderType === 'canceled' ? '订单已取消' : `订单${theOrder.orderStatusName}`}
            subTitle="该订单当前无需填写问诊信息"
            extra={
              <Link to={orderUrl(ordersCode)}>
                <Button type="primary">查看订单</Button>
              </Link>
            }
          />
        </section>
      </PageFrame>
    );
  }

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
  const linesByCode = new Map(
    (theOrder?.orderProducts ?? []).map((line) => [
      line.productCode,
      { imageUrl: line.productImageUrl, packing: line.packing, amount: line.amount },
    ]),
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
      await submit.mutateAsync({
        ordersCode,
        body: toSubmitBody({ patientId: chosen.id, choices, answers }),
      });
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
    await pay.start();
  };

  return (
    <PageFrame ordersCode={ordersCode}>
      <Alert
        className="inquiry__lead"
        type="info"
        showIcon
        title="您的订单含处方药，请选择用药人并填写问诊信息，药师审核通过后为您发货。"
      />
      <PatientChooser
        patients={patients.data}
        isError={patients.isError}
        onRetry={() => void patients.refetch()}
        chosen={chosen}
        onChoose={choosePatient}
        issue={patientShown}
        backUrl={backUrl}
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
          loading={submit.isPending || pay.isPending}
          onClick={() => void handleSubmit()}
        >
          保存并同意问诊
        </Button>
      </section>
    </PageFrame>
  );
}
