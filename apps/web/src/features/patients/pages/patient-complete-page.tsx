import { CheckCircleFilled, PlusOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import type { InquiryLink } from '@anxin/shared/inquiry/inquiry-link.contract';
import {
  CERTIFICATE_TYPE_TEXT,
  CERTIFICATE_TYPES,
  type Patient,
  RELATION_LABEL_TEXT,
} from '@anxin/shared/patients/patient.contract';
import { Button, Form, Radio, Result, Skeleton, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage, isApiError } from '../../../lib/api-client.ts';
import { buildLoginUrl } from '../../../lib/safe-back-url.ts';
import { logout } from '../../auth/index.ts';
import { usePatients } from '../api/get-patients.ts';
import { isLinkExpiredError, useInquiryLink, useSaveInquiryLink } from '../api/inquiry-link.ts';
import { LinkCountdown } from '../components/link-countdown.tsx';
import { LinkExpiredDialog } from '../components/link-expired-dialog.tsx';
import { PrescriptionImagesUpload } from '../components/prescription-images-upload.tsx';
import { formatAge, formatSex } from '../lib/patient-display.ts';
import { toCertificateType } from '../lib/patient-form.ts';

type CompleteValues = { patientId?: number; prescriptionImages: string[] };

function PatientChoice({ patient }: { patient: Patient }) {
  const isIdCard = toCertificateType(patient.certificateType) === CERTIFICATE_TYPES.idCard;
  const number = (isIdCard ? patient.idCardNumber : patient.cardNumber) ?? '—';
  return (
    <span className="link-patient">
      <span className="link-patient__head">
        <strong>{patient.name}</strong>
        <span className="link-patient__relation">{RELATION_LABEL_TEXT[patient.relationLabel]}</span>
        {patient.isValidateName ? (
          <Tag className="patient-card__tag patient-card__tag--verified" icon={<SafetyCertificateFilled />}>
            已实名
          </Tag>
        ) : (
          <Tag className="patient-card__tag">未实名</Tag>
        )}
      </span>
      <span className="link-patient__meta">
        {CERTIFICATE_TYPE_TEXT[toCertificateType(patient.certificateType)]} {number}
        <span className="patient-form__dot">·</span>
        {formatSex(patient.sex)}
        <span className="patient-form__dot">·</span>
        {formatAge(patient.age)}
      </span>
    </span>
  );
}

type CompleteFormProps = { useKey: string; link: InquiryLink; onExpired: () => void };

function CompleteForm({ useKey, link, onExpired }: CompleteFormProps) {
  const [form] = Form.useForm<CompleteValues>();
  const { message } = useFeedback();
  const location = useLocation();
  const patients = usePatients();
  const save = useSaveInquiryLink(useKey);
  const [isDone, setIsDone] = useState(false);
  const here = `${location.pathname}${location.search}`;

  const list = patients.data ?? [];
  const initialPatientId =
    list.find((item) => item.id === link.patient?.id)?.id ?? list.find((item) => item.isDefault)?.id ?? list[0]?.id;
  const chosenId = Form.useWatch('patientId', form) ?? initialPatientId;

  const handleFinish = async (values: CompleteValues) => {
    try {
      await save.mutateAsync({
        patientId: values.patientId ?? initialPatientId ?? 0,
        prescriptionImages: values.prescriptionImages ?? [],
      });
      message.success(MSG.linkSaved);
      setIsDone(true);
    } catch (error) {
      if (isLinkExpiredError(error)) {
        onExpired();
        return;
      }
      if (isApiError(error)) {
        const fields = error.fields
          .map((field) => ({ name: field.field.split('.')[0] as keyof CompleteValues, errors: [field.message] }))
          .filter((field) => field.name === 'patientId' || field.name === 'prescriptionImages');
        form.setFields(fields);
      }
      message.error(getFailureMessage(error, MSG.patientSaveFailed));
    }
  };

  if (isDone) {
    return (
      <Result
        status="success"
        icon={<CheckCircleFilled />}
        title="提交成功"
        subTitle="药师将尽快审核您的处方信息，请留意订单状态"
        extra={
          <Link to={`/user/order/detail/${link.ordersCode}`}>
            <Button type="primary">查看订单</Button>
          </Link>
        }
      />
    );
  }

  if (patients.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <Form
      form={form}
      name="complete"
      layout="vertical"
      initialValues={{ patientId: initialPatientId, prescriptionImages: link.prescriptionImages }}
      onFinish={handleFinish}
      scrollToFirstError={{ focus: true, block: 'center' }}
      className="link-form"
    >
      <Form.Item
        label="用药人"
        name="patientId"
        required
        rules={[{ required: true, message: MSG.patientEmpty }]}
        extra={
          <span className="link-form__links">
            <Link to={`/user/patientInfo/add?from=${encodeURIComponent(here)}`}>
              <PlusOutlined /> 添加用药人
            </Link>
            {chosenId ? (
              <Link to={`/user/patientInfo/edit/${chosenId}?from=${encodeURIComponent(here)}`}>编辑所选用药人</Link>
            ) : null}
          </span>
        }
      >
        {list.length === 0 ? (
          <div className="link-form__empty">您还没有用药人，请先添加</div>
        ) : (
          <Radio.Group className="link-form__patients">
            {list.map((patient) => (
              <Radio key={patient.id} value={patient.id} className="link-form__patient">
                <PatientChoice patient={patient} />
              </Radio>
            ))}
          </Radio.Group>
        )}
      </Form.Item>

      <Form.Item
        label="处方图片"
        name="prescriptionImages"
        required={link.isPrescriptionImageRequired}
        rules={[
          {
            validator: async (_rule, value: string[] | undefined) => {
              if (link.isPrescriptionImageRequired && !value?.length) throw new Error(MSG.prescriptionImageRequired);
            },
          },
        ]}
      >
        <PrescriptionImagesUpload />
      </Form.Item>

      <Button type="primary" htmlType="submit" block loading={save.isPending} className="link-form__submit">
        提交
      </Button>
    </Form>
  );
}

/**
 * Complete mode from the operator's SMS link: /user/patientInfo/complete?useKey=…. The
 * order's member, signed in, chooses the patient and adds prescription images while the countdown runs; an
 * expired link, a canceled order or a used chronic link shows 链接已失效 (返回首页 · 联系客服).
 */
export function PatientCompletePage({ useKey }: { useKey: string }) {
  const link = useInquiryLink(useKey);
  const navigate = useNavigate();
  const location = useLocation();
  // Signed out first: the sign-in page sends a signed-in member straight back here.
  const signInAgain = async () => {
    await logout();
    navigate(buildLoginUrl(`${location.pathname}${location.search}`));
  };
  const [isExpired, setIsExpired] = useState(false);
  const expire = useCallback(() => setIsExpired(true), []);
  const isGone = isExpired || isLinkExpiredError(link.error);
  const products = useMemo(() => link.data?.products.map((item) => item.productName).join('、'), [link.data]);

  let body = <Skeleton active paragraph={{ rows: 6 }} />;
  if (isGone) body = <div className="card__empty">链接已失效</div>;
  else if (link.isError)
    body =
      isApiError(link.error) && link.error.status === 404 ? (
        <div className="card__empty">
          链接不存在，或不属于当前登录的账号。<Link to="/">返回首页</Link>
        </div>
      ) : isApiError(link.error) && link.error.status >= 500 ? (
        // A server error on the link offers the shop or signing in again.
        <div className="card__empty">
          {MSG.serverError}
          <div className="link-error-choices">
            <Link to="/">去商城逛逛</Link>
            <Button type="link" onClick={() => void signInAgain()}>
              重新登录
            </Button>
          </div>
        </div>
      ) : (
        <div className="card__empty">
          信息暂时无法获取，
          <Button type="link" onClick={() => link.refetch()}>
            点击重试
          </Button>
        </div>
      );
  else if (link.data)
    body = (
      <>
        <div className="link-summary">
          <LinkCountdown key={link.data.expiresAt} secondsLeft={link.data.secondsLeft} onExpire={expire} />
          <dl className="link-summary__order">
            <div>
              <dt>订单编号</dt>
              <dd>{link.data.ordersCode}</dd>
            </div>
            {products ? (
              <div>
                <dt>处方药品</dt>
                <dd>{products}</dd>
              </div>
            ) : null}
          </dl>
          <p className="link-summary__hint">
            {link.data.kind === 'chronic'
              ? '请确认慢病订单的用药人信息，链接24小时内有效，提交后失效'
              : '请在链接失效前完善用药人信息并上传处方图片，以便药师审核'}
          </p>
        </div>
        <CompleteForm useKey={useKey} link={link.data} onExpired={expire} />
      </>
    );

  return (
    <section className="card patient-form-page link-complete">
      <header className="card__header">
        <h3 className="card__title">完善用药人信息</h3>
      </header>
      {body}
      <LinkExpiredDialog open={isGone} ordersCode={link.data?.ordersCode} />
    </section>
  );
}
