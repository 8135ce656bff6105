import { LeftOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { PHONE_MAX_LENGTH, phoneOrMaskedSchema, phoneSchema } from '@anxin/shared/common/phone';
import {
  CERTIFICATE_NUMBER_MAX_LENGTH,
  CERTIFICATE_TYPE_TEXT,
  CERTIFICATE_TYPES,
  type CertificateType,
  DEFAULT_BIRTH_YEARS_AGO,
  FIRST_BIRTH_YEAR,
  GUARDIAN_CONSENT_AGE,
  GUARDIAN_REQUIRED_AGE,
  guardianSchema,
  ID_CARD_ERRORS_BEFORE_OTHER_TYPES,
  normalizePatientName,
  PATIENT_NAME_MAX_LENGTH,
  type Patient,
  patientNameSchema,
  RELATION_LABEL_TEXT,
  RELATION_LABELS,
} from '@anxin/shared/patients/patient.contract';
import { Button, Checkbox, DatePicker, Form, Input, Radio, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, type Ref, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage, isApiError } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { RegionCascader } from '../../addresses/index.ts';
import { usePatient } from '../api/get-patient.ts';
import { useDeletePatientByKey, usePatientByKey, useSavePatientByKey } from '../api/patients-by-key.ts';
import { useSavePatient } from '../api/save-patient.ts';
import { CertificateImageUpload } from '../components/certificate-image-upload.tsx';
import { HealthInfoField } from '../components/health-info-field.tsx';
import { formatAge, formatSex } from '../lib/patient-display.ts';
import {
  backUrlWithoutPatient,
  backUrlWithPatient,
  certificateNumberProblem,
  formFieldOf,
  guardianNeedsOf,
  identityOf,
  isIdCardErrorText,
  PATIENT_LIST_PATH,
  type PatientFormMode,
  type PatientFormRoute,
  type PatientFormValues,
  parsePatientFormRoute,
  toCertificateType,
  toFormValues,
  toPatientBody,
} from '../lib/patient-form.ts';
import { PatientCompletePage } from './patient-complete-page.tsx';
import '../patients.css';
import '../../../lib/dayjs-zh-cn.ts';

/** Code of the reply when the guardian fails the real-name check. */
const GUARDIAN_REAL_NAME_FAILED_CODE = '000001';
const DATE_FORMAT = 'YYYY-MM-DD';
const FIRST_BIRTH_DATE = dayjs(`${FIRST_BIRTH_YEAR}-01-01`);

/**
 * What each mode says. `complete` with the SMS link's `useKey` is its own page (patient-complete-page.tsx:
 * countdown, prescription images); `complete/{id}` without a key stays the edit form.
 */
const MODE_TEXT: Record<PatientFormMode, { title: string; saved: string; failed: string }> = {
  add: { title: '添加用药人', saved: MSG.patientCreated, failed: MSG.patientCreateFailed },
  edit: { title: '编辑用药人', saved: MSG.patientSaved, failed: MSG.patientSaveFailed },
  complete: { title: '完善用药人信息', saved: MSG.patientSaved, failed: MSG.patientSaveFailed },
};

const RELATION_OPTIONS = RELATION_LABELS.map((value) => ({ value, label: RELATION_LABEL_TEXT[value] }));
const CERTIFICATE_OPTIONS = (Object.entries(CERTIFICATE_TYPE_TEXT) as [string, string][]).map(([value, label]) => ({
  value: Number(value) as CertificateType,
  label,
}));
const SEX_OPTIONS = [
  { value: 0, label: '男' },
  { value: 1, label: '女' },
];

const requiredRule = (message: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (value === undefined || value === null || value === '') throw new Error(message);
  },
});

type SectionProps = { title: string; extra?: ReactNode; children: ReactNode; ref?: Ref<HTMLElement> };

function Section({ title, extra, children, ref }: SectionProps) {
  return (
    <section className="patient-form__section" ref={ref}>
      <h4 className="patient-form__section-title">
        {title}
        {extra ? <span className="patient-form__section-extra">{extra}</span> : null}
      </h4>
      {children}
    </section>
  );
}

type PatientFormProps = {
  route: PatientFormRoute;
  patient?: Patient;
  /** The guest payment link's key: save and delete through the key calls instead of the member's /patients. */
  linkKey?: string;
};

function PatientForm({ route, patient, linkKey }: PatientFormProps) {
  const [form] = Form.useForm<PatientFormValues>();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const memberSave = useSavePatient();
  const keySave = useSavePatientByKey(linkKey ?? '');
  const save = linkKey ? keySave : memberSave;
  const keyDelete = useDeletePatientByKey(linkKey ?? '');
  const text = MODE_TEXT[route.mode];
  const today = useMemo(() => new Date(), []);
  const initialValues = useMemo(() => toFormValues(patient), [patient]);
  const guardianRef = useRef<HTMLElement>(null);

  const [idCardErrors, setIdCardErrors] = useState(0);
  /** Set after a 000001 reply: the guardian section (with its photo upload) shows whatever the age says. */
  const [isGuardianForced, setIsGuardianForced] = useState(false);

  const certificateType = Form.useWatch('certificateType', form) ?? initialValues.certificateType;
  const certificateNumber = Form.useWatch('certificateNumber', form) ?? initialValues.certificateNumber;
  const sex = Form.useWatch('sex', form);
  const birthDate = Form.useWatch('birthDate', form);

  const isIdCard = certificateType === CERTIFICATE_TYPES.idCard;
  const isLocked = Boolean(patient?.isValidateName);
  const canChooseType =
    idCardErrors >= ID_CARD_ERRORS_BEFORE_OTHER_TYPES ||
    (patient !== undefined && toCertificateType(patient.certificateType) !== CERTIFICATE_TYPES.idCard);
  const identity = identityOf({ certificateType, certificateNumber, sex, birthDate }, patient, today);
  const needs = guardianNeedsOf(identity, today);
  const isGuardianShown = needs.isGuardianRequired || isGuardianForced;

  const countIdCardError = () => setIdCardErrors((count) => count + 1);

  const changeCertificateType = (type: CertificateType) => {
    const storedType = patient ? toCertificateType(patient.certificateType) : undefined;
    const storedNumber = type === CERTIFICATE_TYPES.idCard ? patient?.idCardNumber : patient?.cardNumber;
    form.setFieldsValue({ certificateNumber: type === storedType ? (storedNumber ?? '') : '' });
    form.setFields([{ name: 'certificateNumber', errors: [] }]);
  };

  const showGuardianUpload = () => {
    setIsGuardianForced(true);
    requestAnimationFrame(() => guardianRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const handleFinish = async () => {
    const values = form.getFieldsValue(true) as PatientFormValues;
    try {
      const saved = await save.mutateAsync(toPatientBody(values, patient, today));
      message.success(text.saved);
      // A page that sent the shopper here to add a patient (the inquiry) gets the new one back; the list needs nothing.
      const isAddedForAnotherPage = route.mode === 'add' && route.backUrl !== PATIENT_LIST_PATH;
      navigate(isAddedForAnotherPage ? backUrlWithPatient(route.backUrl, saved.id) : route.backUrl);
    } catch (error) {
      if (isApiError(error) && error.code === GUARDIAN_REAL_NAME_FAILED_CODE) {
        showGuardianUpload();
        modal.warning({ title: '监护人实名认证失败', content: MSG.guardianRealNameFailed, okText: '我知道了' });
        return;
      }
      let isIdCardError = false;
      if (isApiError(error)) {
        const shown = error.fields
          .map((field) => ({ name: formFieldOf(field.field), errors: [field.message] }))
          .filter((field): field is { name: (string | number)[]; errors: string[] } => field.name !== undefined);
        form.setFields(shown as Parameters<typeof form.setFields>[0]);
        isIdCardError =
          (error.hasServerMessage && isIdCardErrorText(error.message)) ||
          error.fields.some((field) => isIdCardErrorText(field.message));
      }
      if (isIdCardError) countIdCardError();
      const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
      message.error(isOffline ? MSG.networkPoor : getFailureMessage(error, text.failed));
    }
  };

  /**
   * The key mode's edit form deletes too: the guest link has no patient list of its own to delete from. Back
   * on the inquiry the deleted patient is no longer the one to choose.
   */
  const confirmDelete = (toDelete: Patient) => {
    modal.confirm({
      title: `确定删除用药人“${toDelete.name}”吗？`,
      content: toDelete.isDefault ? '删除后，最近添加的用药人将成为默认用药人。' : '删除后不可恢复。',
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await keyDelete.mutateAsync(toDelete.id);
          message.success(MSG.patientDeleted);
          navigate(backUrlWithoutPatient(route.backUrl, toDelete.id));
        } catch (error) {
          message.error(getFailureMessage(error, MSG.patientDeleteFailed));
        }
      },
    });
  };

  const handleFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[]; errors: string[] }[] }) => {
    const numberErrors = errorFields.find((field) => field.name[0] === 'certificateNumber')?.errors ?? [];
    if (numberErrors.some((error) => isIdCardErrorText(error) && error !== MSG.idCardEmpty)) countIdCardError();
    if (!isGuardianShown) return;
    const guardian = (form.getFieldValue('guardianVo') ?? {}) as Partial<Record<string, string>>;
    if (!Object.values(guardian).some((value) => value?.trim())) message.warning(MSG.guardianRequired);
  };

  return (
    <Form
      form={form}
      name="patient"
      layout="horizontal"
      labelCol={{ flex: '112px' }}
      wrapperCol={{ flex: '1' }}
      colon={false}
      initialValues={initialValues}
      onFinish={handleFinish}
      onFinishFailed={handleFinishFailed}
      scrollToFirstError={{ focus: true, block: 'center' }}
      className="patient-form"
    >
      <Section title="基本信息">
        <Form.Item
          label="姓名"
          name="name"
          rules={[zodRule(patientNameSchema)]}
          validateTrigger="onBlur"
          required
          extra={isLocked ? '已实名认证，姓名不可修改' : undefined}
        >
          <Input
            placeholder="请输入用药人真实姓名"
            maxLength={PATIENT_NAME_MAX_LENGTH}
            disabled={isLocked}
            autoComplete="off"
            onBlur={(event) => form.setFieldValue('name', normalizePatientName(event.target.value))}
          />
        </Form.Item>
        <Form.Item
          label="手机号码"
          name="consigneePhone"
          rules={[zodRule(patient ? phoneOrMaskedSchema : phoneSchema)]}
          validateTrigger="onBlur"
          required
        >
          <Input placeholder="请输入手机号码" maxLength={PHONE_MAX_LENGTH} inputMode="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label="与本人关系" name="relationLabel" rules={[requiredRule(MSG.relationRequired)]} required>
          <Radio.Group options={RELATION_OPTIONS} optionType="button" className="patient-form__relations" />
        </Form.Item>
        {canChooseType ? (
          <Form.Item label="证件类型" name="certificateType" required>
            <Select
              options={CERTIFICATE_OPTIONS}
              onChange={changeCertificateType}
              disabled={isLocked}
              aria-label="证件类型"
              className="patient-form__type"
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label={isIdCard ? '身份证号' : '证件号码'}
          name="certificateNumber"
          dependencies={['certificateType']}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = certificateNumberProblem(form.getFieldValue('certificateType'), value, patient);
                if (problem) throw new Error(problem);
              },
            },
          ]}
          validateTrigger="onBlur"
          required
          extra={
            isLocked
              ? '已实名认证，证件号码不可修改'
              : patient && certificateNumber.includes('*')
                ? '如需修改，请重新输入完整的证件号码'
                : undefined
          }
        >
          <Input
            placeholder={isIdCard ? '请输入18位身份证号' : '请输入证件号码'}
            maxLength={CERTIFICATE_NUMBER_MAX_LENGTH}
            disabled={isLocked}
            autoComplete="off"
          />
        </Form.Item>
        {isIdCard ? (
          <Form.Item label="性别/出生日期">
            {identity.birthDate ? (
              <span className="patient-form__derived" data-testid="patient-identity">
                {formatSex(identity.sex)}
                <span className="patient-form__dot">·</span>
                {identity.birthDate}
                <span className="patient-form__dot">·</span>
                {formatAge(identity.age)}
              </span>
            ) : (
              <span className="patient-form__derived patient-form__derived--empty">输入身份证号后自动识别</span>
            )}
          </Form.Item>
        ) : (
          <>
            <Form.Item label="性别" name="sex" rules={[requiredRule(MSG.sexRequired)]} required>
              <Radio.Group options={SEX_OPTIONS} />
            </Form.Item>
            <Form.Item
              label="出生日期"
              name="birthDate"
              rules={[requiredRule(MSG.patientBirthDayEmpty)]}
              required
              getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : null })}
              normalize={(value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : undefined)}
              extra={identity.age !== undefined ? `${formatAge(identity.age)}` : undefined}
            >
              <DatePicker
                placeholder="请选择出生日期"
                format={DATE_FORMAT}
                minDate={FIRST_BIRTH_DATE}
                maxDate={dayjs()}
                defaultPickerValue={dayjs().subtract(DEFAULT_BIRTH_YEARS_AGO, 'year')}
                inputReadOnly
                className="patient-form__date"
              />
            </Form.Item>
          </>
        )}
        <Form.Item label="所在地区" name="region" extra="选填">
          <RegionCascader />
        </Form.Item>
      </Section>

      <Section title="健康信息" extra="选填，帮助药师安全用药">
        <Form.Item label="健康状况" name="healthInfo">
          <HealthInfoField />
        </Form.Item>
      </Section>

      {isGuardianShown ? (
        <Section
          ref={guardianRef}
          title="监护人信息"
          extra={`用药人年龄在${GUARDIAN_REQUIRED_AGE}岁及以下，需填写监护人信息`}
        >
          <Form.Item
            label="监护人姓名"
            name={['guardianVo', 'name']}
            rules={[zodRule(guardianSchema.shape.name)]}
            validateTrigger="onBlur"
            required
          >
            <Input
              placeholder="请输入监护人真实姓名"
              maxLength={PATIENT_NAME_MAX_LENGTH}
              autoComplete="off"
              onBlur={(event) => form.setFieldValue(['guardianVo', 'name'], normalizePatientName(event.target.value))}
            />
          </Form.Item>
          <Form.Item
            label="监护人手机号"
            name={['guardianVo', 'phone']}
            rules={[zodRule(guardianSchema.shape.phone)]}
            validateTrigger="onBlur"
            required
          >
            <Input placeholder="请输入监护人手机号码" maxLength={PHONE_MAX_LENGTH} inputMode="tel" />
          </Form.Item>
          <Form.Item
            label="监护人身份证"
            name={['guardianVo', 'cardNum']}
            rules={[zodRule(guardianSchema.shape.cardNum)]}
            validateTrigger="onBlur"
            required
          >
            <Input placeholder="请输入监护人18位身份证号" maxLength={CERTIFICATE_NUMBER_MAX_LENGTH} />
          </Form.Item>
          <Form.Item
            label="身份证照片"
            name={['guardianVo', 'certificateImage']}
            rules={[zodRule(guardianSchema.shape.certificateImage)]}
            required
          >
            <CertificateImageUpload />
          </Form.Item>
        </Section>
      ) : null}

      {needs.isConsentRequired ? (
        <Form.Item
          label=" "
          name="guardianConsent"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: boolean | undefined) => {
                if (!value) throw new Error(MSG.guardianConsentRequired);
              },
            },
          ]}
          className="patient-form__consent"
        >
          <Checkbox>
            用药人未满{GUARDIAN_CONSENT_AGE}周岁：我已取得该未成年人监护人的同意，并代为填写其用药信息
          </Checkbox>
        </Form.Item>
      ) : null}

      <Form.Item label=" " className="patient-form__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} className="patient-form__submit">
          保存
        </Button>
        <Button onClick={() => navigate(route.backUrl)}>取消</Button>
        {linkKey && patient ? (
          <Button danger type="text" onClick={() => confirmDelete(patient)} className="patient-form__delete">
            删除用药人
          </Button>
        ) : null}
      </Form.Item>
    </Form>
  );
}

/**
 * /user/patientInfo/{mode}/{id?}: add, edit or complete a medication user. `from` in the query
 * names the page to go back to after saving (a same-site path only); else the list. With `linkKey` (the guest
 * payment link's form) every call goes through the key: read, add, edit, and delete from the edit form.
 */
export function PatientFormPage({ linkKey }: { linkKey?: string }) {
  const params = useParams();
  const [search] = useSearchParams();
  const route = useMemo(() => parsePatientFormRoute(params, search), [params, search]);
  const isLinkMode = route?.mode === 'complete' && route.useKey !== undefined;
  const memberPatient = usePatient(isLinkMode || linkKey ? undefined : route?.id);
  const keyPatient = usePatientByKey(linkKey, linkKey ? route?.id : undefined);
  const { data: patient, isError, error, refetch } = linkKey ? keyPatient : memberPatient;

  if (!route) return <Navigate to={PATIENT_LIST_PATH} replace />;
  if (isLinkMode && route.useKey) return <PatientCompletePage useKey={route.useKey} />;

  let body: ReactNode = <Skeleton active paragraph={{ rows: 8 }} />;
  if (route.id !== undefined && isError)
    body =
      isApiError(error) && error.status === 404 ? (
        <div className="card__empty">
          该用药人不存在或已删除，
          {linkKey ? <Link to={route.backUrl}>返回</Link> : <Link to={PATIENT_LIST_PATH}>返回用药人列表</Link>}
        </div>
      ) : (
        <div className="card__empty">
          用药人信息暂时无法获取，
          <Button type="link" onClick={() => refetch()}>
            点击重试
          </Button>
        </div>
      );
  else if (route.id === undefined) body = <PatientForm key="add" route={route} linkKey={linkKey} />;
  else if (patient) body = <PatientForm key={patient.id} route={route} patient={patient} linkKey={linkKey} />;

  return (
    <section className="card patient-form-page">
      <header className="card__header">
        <h3 className="card__title">{MODE_TEXT[route.mode].title}</h3>
        <Link to={route.backUrl} className="patient-form-page__back">
          <LeftOutlined /> 返回
        </Link>
      </header>
      {body}
    </section>
  );
}
