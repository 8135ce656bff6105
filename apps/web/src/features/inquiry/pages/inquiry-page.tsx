import { MSG } from '@anxin/shared/common/messages';
import { INQUIRY_LEAD, PRESCRIPTION_STATUS_TEXT } from '@anxin/shared/inquiry/inquiry.rules';
import { Alert, Button, Result, Skeleton } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { type Order, useOrderDetail } from '../../orders/index.ts';
import { usePatients } from '../../patients/index.ts';
import { usePayNow } from '../../payments/index.ts';
import { useMemberVo } from '../../profile/index.ts';
import { useInquiry } from '../api/get-inquiry.ts';
import { useSubmitInquiry } from '../api/submit-inquiry.ts';
import { InquiryForm } from '../components/inquiry-form.tsx';
import '../inquiry.css';

const orderUrl = (code: string) => `/user/order/detail/${encodeURIComponent(code)}`;

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
 * /pay/inquiry?orderCode&paySource: the prescription inquiry of an order before it is paid. The patient,
 * per prescription product its diagnosed diseases, three questions and the consent; 保存并同意问诊 saves it and
 * starts the payment.
 */
export function InquiryPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const ordersCode = search.get('orderCode') ?? '';
  const paySource = search.get('paySource') || 'PC';
  const backUrl = `${location.pathname}${location.search}`;

  const inquiry = useInquiry(ordersCode);
  const order = useOrderDetail(ordersCode);
  const patients = usePatients();
  const submit = useSubmitInquiry();
  const pay = usePayOrder(ordersCode, paySource);

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

  const linesByCode = new Map(
    (theOrder?.orderProducts ?? []).map((line) => [
      line.productCode,
      { imageUrl: line.productImageUrl, packing: line.packing, amount: line.amount },
    ]),
  );
  return (
    <PageFrame ordersCode={ordersCode}>
      <Alert className="inquiry__lead" type="info" showIcon title={INQUIRY_LEAD} />
      <InquiryForm
        data={data}
        patients={patients}
        initialPatientId={Number(search.get('patientId')) || null}
        linesByCode={linesByCode}
        backUrl={backUrl}
        submit={(body) => submit.mutateAsync({ ordersCode, body })}
        onSubmitted={pay.start}
        isBusy={submit.isPending || pay.isPending}
      />
    </PageFrame>
  );
}
