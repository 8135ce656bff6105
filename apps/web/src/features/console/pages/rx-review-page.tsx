import { ArrowLeftOutlined } from '@ant-design/icons';
import { prescriptionMark } from '@anxin/shared/catalogue/catalogue';
import { PRESCRIPTION_STATUS_TEXT } from '@anxin/shared/inquiry/inquiry.rules';
import { RELATION_LABEL_TEXT } from '@anxin/shared/patients/patient.constants';
import { CERTIFICATE_TYPE_TEXT, HEALTH_ITEM_TEXT, HEALTH_ITEMS } from '@anxin/shared/patients/patient.contract';
import type { ConsoleInquiryDetail } from '@anxin/shared/staff/console.contract';
import { Alert, Descriptions, Image, Skeleton, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, yuan } from '../../../lib/format.ts';
import { formatAge, formatSex } from '../../patients/index.ts';
import { useInquiryDetail } from '../api/inquiry-detail.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { RxVerdictForm } from '../components/rx-verdict-form.tsx';
import { formatWaiting } from '../lib/console-format.ts';
import { useIsNarrow } from '../lib/use-media-query.ts';
import '../console-rx.css';

type Detail = ConsoleInquiryDetail;
type Drug = Detail['drugs'][number];

const STATUS_COLOR = { reviewing: 'processing', passed: 'success', rejected: 'error' } as const;

/**
 * One prescription order as the pharmacist decides on it: the medication user, the diagnoses with their ICD-10
 * codes, the three answers, the prescriptions and photos, the drugs, the member's earlier prescriptions; then
 * 通过 or 驳回 (a listed reason and a note). An order already decided shows who decided what.
 */
export function RxReviewPage() {
  const { ordersCode = '' } = useParams();
  const detail = useInquiryDetail(ordersCode);
  const back = (
    <Link to="/admin/rx" className="console-back">
      <ArrowLeftOutlined /> 返回待审核列表
    </Link>
  );
  if (detail.isError) {
    return (
      <div className="console-page">
        {back}
        <Alert type="error" showIcon title={getErrorMessage(detail.error)} />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="console-page">
        {back}
        <div className="card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    );
  }
  const order = detail.data;
  return (
    <div className="console-page rx-review">
      {back}
      <OrderSummary order={order} />
      <PatientCard order={order} />
      <DiagnosesCard order={order} />
      <AnswersCard order={order} />
      <ImagesCard images={order.images} />
      <DrugsCard drugs={order.drugs} />
      <EarlierCard order={order} />
      {order.status === 'reviewing' ? <RxVerdictForm ordersCode={order.ordersCode} /> : <VerdictCard order={order} />}
    </div>
  );
}

function OrderSummary({ order }: { order: Detail }) {
  return (
    <section className="card" aria-labelledby="rx-order-title">
      <div className="card__header">
        <h2 id="rx-order-title" className="card__title">
          订单 {order.ordersCode}
        </h2>
        <Tag color={STATUS_COLOR[order.status]}>{PRESCRIPTION_STATUS_TEXT[order.status]}</Tag>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label="提交时间">{formatDateTime(order.submittedAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
        {order.status === 'reviewing' ? (
          <Descriptions.Item label="已等待">{formatWaiting(order.waitingMinutes)}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label="订单金额">{yuan(order.sum)}</Descriptions.Item>
        <Descriptions.Item label="支付">{order.isPaid ? '已支付（驳回将原路退款）' : '未支付'}</Descriptions.Item>
      </Descriptions>
    </section>
  );
}

function PatientCard({ order }: { order: Detail }) {
  const { patient } = order;
  const certificate = patient.idCardNumber ?? patient.cardNumber ?? '';
  const certificateName =
    CERTIFICATE_TYPE_TEXT[patient.certificateType as keyof typeof CERTIFICATE_TYPE_TEXT] ?? '证件';
  return (
    <section className="card" aria-labelledby="rx-patient-title">
      <h2 id="rx-patient-title" className="card__title rx-review__title">
        用药人
      </h2>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="姓名">{patient.name}</Descriptions.Item>
        <Descriptions.Item label="性别">{formatSex(patient.sex)}</Descriptions.Item>
        <Descriptions.Item label="年龄">{formatAge(patient.age)}</Descriptions.Item>
        <Descriptions.Item label="与下单人关系">{RELATION_LABEL_TEXT[patient.relationLabel]}</Descriptions.Item>
        <Descriptions.Item label={certificateName}>{certificate}</Descriptions.Item>
        <Descriptions.Item label="手机号">{patient.consigneePhone}</Descriptions.Item>
        {HEALTH_ITEMS.map((item) => {
          const answer = patient.healthInfo[item];
          const text = answer.status === 1 ? ['有', ...answer.labels, answer.other].filter(Boolean).join('、') : '无';
          return (
            <Descriptions.Item key={item} label={HEALTH_ITEM_TEXT[item]}>
              {answer.status === 1 ? <strong className="rx-review__flag">{text}</strong> : text}
            </Descriptions.Item>
          );
        })}
        <Descriptions.Item label="吸烟">{patient.healthInfo.smoking === 1 ? '是' : '否'}</Descriptions.Item>
        <Descriptions.Item label="饮酒">{patient.healthInfo.drinking === 1 ? '是' : '否'}</Descriptions.Item>
      </Descriptions>
      {patient.guardianVo ? (
        <div className="rx-review__guardian">
          <h3 className="rx-review__subtitle">监护人</h3>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label="姓名">{patient.guardianVo.name}</Descriptions.Item>
            <Descriptions.Item label="手机号">{patient.guardianVo.phone}</Descriptions.Item>
            <Descriptions.Item label="证件号">{patient.guardianVo.cardNum}</Descriptions.Item>
          </Descriptions>
          {patient.guardianVo.certificateImage ? (
            <Image
              src={patient.guardianVo.certificateImage}
              alt="监护人证件照片"
              width={120}
              height={90}
              className="rx-review__thumb"
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function DiagnosesCard({ order }: { order: Detail }) {
  return (
    <section className="card" aria-labelledby="rx-diagnoses-title">
      <h2 id="rx-diagnoses-title" className="card__title rx-review__title">
        诊断
      </h2>
      <ul className="rx-review__diagnoses">
        {order.diagnoses.map((diagnosis) => (
          <li key={diagnosis.productCode}>
            <span className="rx-review__drug-name">{diagnosis.productName}</span>
            <span className="rx-review__diseases">
              {diagnosis.diseases.map((disease) => (
                <span key={`${disease.icdCode}-${disease.icdName}`} className="rx-review__disease">
                  {disease.icdName}
                  {disease.icdCode ? (
                    <Tag className="rx-review__icd" aria-label={`ICD-10 ${disease.icdCode}`}>
                      {disease.icdCode}
                    </Tag>
                  ) : null}
                  {disease.isCustom ? <Tag color="warning">自填</Tag> : null}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AnswersCard({ order }: { order: Detail }) {
  return (
    <section className="card" aria-labelledby="rx-answers-title">
      <h2 id="rx-answers-title" className="card__title rx-review__title">
        问诊回答
      </h2>
      <ol className="rx-review__answers">
        {order.answers.map((item) => (
          <li key={item.question}>
            <span className="rx-review__question">{item.question}</span>
            <strong className="rx-review__answer">{item.answer}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ImagesCard({ images }: { images: string[] }) {
  return (
    <section className="card" aria-labelledby="rx-images-title">
      <h2 id="rx-images-title" className="card__title rx-review__title">
        处方及照片
      </h2>
      {images.length === 0 ? (
        <p className="console-muted">未上传处方或照片</p>
      ) : (
        <Image.PreviewGroup>
          <div className="rx-review__images">
            {images.map((src, index) => (
              <Image
                key={src}
                src={src}
                alt={`处方或照片 ${index + 1}`}
                width={120}
                height={120}
                className="rx-review__thumb"
              />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </section>
  );
}

const DRUG_COLUMNS: ColumnsType<Drug> = [
  { title: '药品', dataIndex: 'productName' },
  { title: '规格', dataIndex: 'packing', render: (packing: string | null) => packing ?? '' },
  { title: '数量', dataIndex: 'amount', align: 'right' },
  {
    title: '类别',
    dataIndex: 'prescriptionType',
    render: (type: number) => (
      <Tag color={prescriptionMark(type) === 'Rx' ? 'error' : 'success'}>{prescriptionMark(type)}</Tag>
    ),
  },
];

function DrugsCard({ drugs }: { drugs: Drug[] }) {
  return (
    <section className="card" aria-labelledby="rx-drugs-title">
      <h2 id="rx-drugs-title" className="card__title rx-review__title">
        药品
      </h2>
      <RowsView
        label="药品"
        items={drugs}
        rowKey={(drug) => drug.productCode}
        columns={DRUG_COLUMNS}
        isLoading={false}
        emptyText="无药品"
        card={(drug) => (
          <div className="console-card">
            <span className="console-card__head">
              <span>{drug.productName}</span>
              <Tag>{prescriptionMark(drug.prescriptionType)}</Tag>
            </span>
            {drug.packing ? <CardLine label="规格">{drug.packing}</CardLine> : null}
            <CardLine label="数量">{drug.amount}</CardLine>
          </div>
        )}
      />
    </section>
  );
}

function EarlierCard({ order }: { order: Detail }) {
  const isNarrow = useIsNarrow();
  const earlier = order.earlierPrescriptions;
  return (
    <section className="card" aria-labelledby="rx-earlier-title">
      <h2 id="rx-earlier-title" className="card__title rx-review__title">
        既往处方{earlier.length ? `（${earlier.length}）` : ''}
      </h2>
      {earlier.length === 0 ? (
        <p className="console-muted">该会员没有既往处方</p>
      ) : (
        <ul className="rx-review__earlier">
          {earlier.map((item) => (
            <li key={item.ordersCode} className="console-card">
              <span className="console-card__head">
                <span>
                  {formatDateTime(item.submittedAt, 'YYYY-MM-DD')} · {item.ordersCode}
                </span>
                <Tag color={STATUS_COLOR[item.status]}>{PRESCRIPTION_STATUS_TEXT[item.status]}</Tag>
              </span>
              <CardLine label="用药人">{item.patientName}</CardLine>
              <CardLine label="诊断">{item.diseases.join('、')}</CardLine>
              <CardLine label="药品">{item.drugs.join('、')}</CardLine>
              {item.pharmacistName ? (
                <CardLine label="审核药师">
                  {item.pharmacistName}
                  {isNarrow ? '' : ` · ${formatDateTime(item.reviewedAt, 'YYYY-MM-DD HH:mm')}`}
                </CardLine>
              ) : null}
              {item.rejectReason ? <CardLine label="驳回原因">{item.rejectReason}</CardLine> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VerdictCard({ order }: { order: Detail }) {
  return (
    <section className="card" aria-labelledby="rx-verdict-title">
      <h2 id="rx-verdict-title" className="card__title rx-review__title">
        审核结果
      </h2>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="结果">{PRESCRIPTION_STATUS_TEXT[order.status]}</Descriptions.Item>
        {order.pharmacistName ? <Descriptions.Item label="审核药师">{order.pharmacistName}</Descriptions.Item> : null}
        {order.reviewedAt ? (
          <Descriptions.Item label="审核时间">{formatDateTime(order.reviewedAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
        ) : null}
        {order.rejectReason ? <Descriptions.Item label="驳回原因">{order.rejectReason}</Descriptions.Item> : null}
      </Descriptions>
    </section>
  );
}
