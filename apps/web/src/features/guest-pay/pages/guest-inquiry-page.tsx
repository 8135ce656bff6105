import { WarningOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { INQUIRY_LEAD } from '@anxin/shared/inquiry/inquiry.rules';
import { Alert, Button, Skeleton } from 'antd';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { usePatientsByKey } from '../../patients/index.ts';
import { useGuestOrder } from '../api/get-guest-order.ts';
import { useInquiryByKey, useSubmitInquiryByKey } from '../api/guest-inquiry.ts';
import { isLinkTimedOut } from '../api/guest-pay-errors.ts';
import { GuestOutcome, GuestPayFrame } from '../components/guest-pay-frame.tsx';
import { guestPayPaths, useGuestPayPaths } from '../lib/guest-pay-paths.ts';
import { isThisBrowserMobile } from '../lib/mobile-browser.ts';
import { hasDocumentPainted, loadInquiryForm } from './guest-inquiry-page.prefetch.ts';

const InquiryForm = lazy(async () => ({ default: (await loadInquiryForm()).InquiryForm }));

function InquirySkeleton() {
  return (
    <section className="guest-card guest-inquiry-skeleton" aria-busy="true">
      <Skeleton active paragraph={{ rows: 10 }} />
    </section>
  );
}

/**
 * Whether the page's frame has been painted: from the start when the document had painted before (the shopper
 * comes from another page of the flow), else from the task after the frame that draws it.
 */
function useIsFramePainted(): boolean {
  const [isPainted, setIsPainted] = useState(hasDocumentPainted);
  useEffect(() => {
    if (isPainted) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setIsPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [isPainted]);
  return isPainted;
}

/**
 * /payJianke/inquiry?key&consigneePhone (and its /m/ twin): the prescription inquiry of the link's order, the
 * member's inquiry form driven by the key (the data by getPrescriptionSignByToken, the patients of the link,
 * the submit by perfectByToken). A patient is added, edited or deleted in the patient form in its key mode
 * (the key calls under /v2/orders/ordersPatient/{key}), which comes back here.
 * After a successful submit, or when the inquiry is already complete, the pay page.
 */
export function GuestInquiryPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const linkKey = search.get('key') ?? '';
  const consigneePhone = search.get('consigneePhone') ?? '';
  const paths = useGuestPayPaths();
  const isPhoneOnDesktopPage = !paths.isMobile && isThisBrowserMobile();
  // As the document's first page, the page asks for its data and its form's part once its frame has painted:
  // until then the frame has the phone's connection and CPU to itself. From another page of the flow it asks
  // for its data as it renders, and the route has asked for the form's part with the page's (app/guest-router.tsx).
  const isFramePainted = useIsFramePainted();
  const inquiry = useInquiryByKey(linkKey, { enabled: isFramePainted });
  const patients = usePatientsByKey(linkKey, { enabled: isFramePainted });
  const order = useGuestOrder(linkKey, consigneePhone, { enabled: isFramePainted });
  const submit = useSubmitInquiryByKey(linkKey);
  const paymentUrl = paths.payment(linkKey, consigneePhone);
  // A query's answer re-renders the page at once, in one piece (react-query's store updates are synchronous).
  // The form, about 200 ms of rendering on a slow phone, is drawn from deferred copies instead: React renders
  // it in the background and yields to the browser between components, so no long task holds a tap.
  const inquiryData = useDeferredValue(inquiry.data);
  const patientList = useDeferredValue(patients.data);
  const orderLines = useDeferredValue(order.data?.orderProducts);
  // The form is drawn once the three have answered (or failed): the patients and the order's lines (pictures,
  // packing) change its height, and drawn before them it would move under the shopper's eyes and be drawn again.
  const isAnswered = useDeferredValue(inquiry.data !== undefined && !patients.isPending && !order.isPending);
  useEffect(() => {
    if (isFramePainted) loadInquiryForm().catch(() => undefined);
  }, [isFramePainted]);

  if (isPhoneOnDesktopPage) return <Navigate replace to={guestPayPaths(true).inquiry(linkKey, consigneePhone)} />;
  if (isLinkTimedOut(inquiry.error)) return <Navigate replace to={paths.timeout} />;
  if (isApiError(inquiry.error) && inquiry.error.status === 401) return <Navigate replace to={paths.entry(linkKey)} />;
  if (inquiry.data?.isPerfect && !submit.isPending) return <Navigate replace to={paymentUrl} />;

  let content: React.ReactNode;
  if (inquiry.isError) {
    content = (
      <GuestOutcome
        icon={<WarningOutlined />}
        tone="muted"
        title={getErrorMessage(inquiry.error, MSG.requestError)}
        action={
          <Button type="primary" size="large" onClick={() => void inquiry.refetch()}>
            重试
          </Button>
        }
      />
    );
  } else if (!inquiryData || !isAnswered) {
    content = <InquirySkeleton />;
  } else {
    const linesByCode = new Map(
      (orderLines ?? []).map((line) => [
        line.productCode,
        { imageUrl: line.productImageUrl, packing: line.packing, amount: line.amount },
      ]),
    );
    content = (
      <Suspense fallback={<InquirySkeleton />}>
        <div className="inquiry guest-inquiry">
          <InquiryForm
            data={inquiryData}
            patients={{ data: patientList, isError: patients.isError, refetch: patients.refetch }}
            initialPatientId={Number(search.get('patientId')) || null}
            linesByCode={linesByCode}
            backUrl={`${location.pathname}${location.search}`}
            patientFormPath={paths.patientForm}
            submit={(body) => submit.mutateAsync(body)}
            onSubmitted={async () => navigate(paymentUrl, { replace: true })}
            isBusy={submit.isPending}
          />
        </div>
      </Suspense>
    );
  }

  // The lead is the page's, drawn with its frame: what the page is for shows before the form has arrived.
  return (
    <GuestPayFrame title="完善问诊信息">
      {inquiry.isError ? null : <Alert className="guest-inquiry-lead" type="info" showIcon title={INQUIRY_LEAD} />}
      {content}
    </GuestPayFrame>
  );
}
