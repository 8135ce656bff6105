import { CheckCircleFilled, PlusOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { CERTIFICATE_TYPES, PATIENT_LIMIT, RELATION_LABEL_TEXT } from '@anxin/shared/patients/patient.constants';
import type { Patient } from '@anxin/shared/patients/patient.contract';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { formatAge, formatSex } from '../../patients/index.ts';
import type { PatientIssue } from '../lib/inquiry-form.ts';

type PatientChooserProps = {
  patients: Patient[] | undefined;
  isError: boolean;
  onRetry: () => void;
  chosen: Patient | undefined;
  onChoose: (patient: Patient) => void;
  /** The problem with the chosen patient, shown under the cards (null when none, or not yet to be shown). */
  issue: PatientIssue | null;
  /** This page's URL, where the patient form comes back to. */
  backUrl: string;
  /** Where the patient form lives (the member centre's; the guest link has its own in its frame). */
  patientFormPath?: string;
};

/** The member centre's patient form (/user/patientInfo/add, /user/patientInfo/edit/{id}). */
const PATIENT_FORM_PATH = '/user/patientInfo';

const maskedNumber = (patient: Patient) =>
  (patient.certificateType === CERTIFICATE_TYPES.idCard ? patient.idCardNumber : patient.cardNumber) ||
  patient.idCardNumber ||
  patient.cardNumber ||
  '未填写证件号码';

/** The patient card of the inquiry: choose one of the member's medication users, or add one. */
export function PatientChooser({
  patients,
  isError,
  onRetry,
  chosen,
  onChoose,
  issue,
  backUrl,
  patientFormPath = PATIENT_FORM_PATH,
}: PatientChooserProps) {
  const from = encodeURIComponent(backUrl);
  const addUrl = `${patientFormPath}/add?from=${from}`;
  let body = <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError)
    body = (
      <p className="inquiry__muted">
        用药人暂时无法获取，
        <Button type="link" size="small" onClick={onRetry}>
          点击重试
        </Button>
      </p>
    );
  else if (patients)
    body = (
      <div className="inquiry-patients" role="radiogroup" aria-label="选择用药人">
        {patients.map((patient) => {
          const isChosen = patient.id === chosen?.id;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a card-sized choice; a native radio would not hold its layout.
            <button
              key={patient.id}
              type="button"
              role="radio"
              aria-checked={isChosen}
              className={isChosen ? 'inquiry-patient inquiry-patient--chosen' : 'inquiry-patient'}
              onClick={() => onChoose(patient)}
              data-testid="inquiry-patient"
            >
              <span className="inquiry-patient__head">
                <strong className="inquiry-patient__name">{patient.name}</strong>
                <span className="inquiry-patient__relation">{RELATION_LABEL_TEXT[patient.relationLabel]}</span>
                {patient.isValidateName ? (
                  <Tag className="inquiry-patient__verified" icon={<SafetyCertificateFilled />}>
                    已实名
                  </Tag>
                ) : (
                  <Tag className="inquiry-patient__unverified">未实名</Tag>
                )}
              </span>
              <span className="inquiry-patient__line">
                {formatSex(patient.sex)} · {formatAge(patient.age)}
              </span>
              <span className="inquiry-patient__line inquiry-patient__number">{maskedNumber(patient)}</span>
              {isChosen ? <CheckCircleFilled className="inquiry-patient__check" aria-hidden /> : null}
            </button>
          );
        })}
        {patients.length < PATIENT_LIMIT ? (
          <Link to={addUrl} className="inquiry-patient inquiry-patient--add">
            <PlusOutlined />
            添加用药人
          </Link>
        ) : null}
      </div>
    );

  const editUrl = chosen ? `${patientFormPath}/edit/${chosen.id}?from=${from}` : addUrl;
  return (
    <section className="card inquiry__section" aria-labelledby="inquiry-patient-title">
      <header className="card__header">
        <h2 className="card__title" id="inquiry-patient-title">
          用药人信息
        </h2>
        {patientFormPath === PATIENT_FORM_PATH ? (
          <Link to="/user/patientInfo" className="card__more">
            管理用药人
          </Link>
        ) : chosen ? (
          // The guest link has no patient list: the chosen patient is edited (or deleted) in its form.
          <Link to={editUrl} className="card__more">
            编辑所选用药人
          </Link>
        ) : null}
      </header>
      {body}
      {issue ? (
        <Alert
          className="inquiry__alert"
          type={issue.kind === 'rule' ? 'error' : 'warning'}
          showIcon
          title={issue.message}
          data-testid="inquiry-patient-issue"
          action={
            issue.kind === 'unverified' || issue.kind === 'incomplete' ? (
              <Link to={editUrl}>去编辑</Link>
            ) : issue.kind === 'empty' && patients?.length === 0 ? (
              <Link to={addUrl}>添加用药人</Link>
            ) : undefined
          }
        />
      ) : null}
    </section>
  );
}
