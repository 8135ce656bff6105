import { SafetyCertificateFilled, UserOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_TYPE_TEXT,
  CERTIFICATE_TYPES,
  type Patient,
  RELATION_LABEL_TEXT,
} from '@anxin/shared/patients/patient.contract';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { DefaultTag, defaultItemClassName } from '../../../components/default-item.tsx';
import { formatAge, formatSex } from '../lib/patient-display.ts';
import { toCertificateType } from '../lib/patient-form.ts';

type PatientCardProps = {
  patient: Patient;
  onSetDefault: () => void;
  onDelete: () => void;
  isBusy: boolean;
};

/** One medication user: name, relation, tags; the masked certificate, sex and age; actions on the right. */
export function PatientCard({ patient, onSetDefault, onDelete, isBusy }: PatientCardProps) {
  const certificateType = toCertificateType(patient.certificateType);
  const number = (certificateType === CERTIFICATE_TYPES.idCard ? patient.idCardNumber : patient.cardNumber) ?? '—';
  return (
    <article
      className={`patient-card ${defaultItemClassName(patient.isDefault)}`}
      data-testid="patient-card"
      aria-label={patient.name}
    >
      <div className="patient-card__avatar" aria-hidden="true">
        <UserOutlined />
      </div>
      <div className="patient-card__main">
        <header className="patient-card__head">
          <strong className="patient-card__name">{patient.name}</strong>
          <span className="patient-card__relation">{RELATION_LABEL_TEXT[patient.relationLabel]}</span>
          {patient.isValidateName ? (
            <Tag className="patient-card__tag patient-card__tag--verified" icon={<SafetyCertificateFilled />}>
              已实名
            </Tag>
          ) : null}
          {patient.isDefault ? <DefaultTag>默认</DefaultTag> : null}
          <div className="patient-card__actions">
            {patient.isDefault ? null : (
              <Button type="link" size="small" onClick={onSetDefault} disabled={isBusy}>
                设为默认
              </Button>
            )}
            <Link to={`/user/patientInfo/edit/${patient.id}`} className="patient-card__edit">
              编辑
            </Link>
            <Button type="link" size="small" danger onClick={onDelete} disabled={isBusy}>
              删除
            </Button>
          </div>
        </header>
        <dl className="patient-card__body">
          <div>
            <dt>证件号码</dt>
            <dd>
              <span className="patient-card__type">{CERTIFICATE_TYPE_TEXT[certificateType]}</span>
              <span className="patient-card__number">{number}</span>
            </dd>
          </div>
          <div>
            <dt>性别/年龄</dt>
            <dd>
              {formatSex(patient.sex)}
              <span className="patient-card__dot">·</span>
              {formatAge(patient.age)}
            </dd>
          </div>
          <div>
            <dt>手机号码</dt>
            <dd>{patient.consigneePhone}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
