import { LeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { PRESCRIPTION_NOTICE } from '@anxin/shared/catalogue/catalogue';
import { RELATION_LABEL_TEXT, type RelationLabel } from '@anxin/shared/patients/patient.contract';
import { Button, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatSex } from '../../patients/index.ts';
import { usePrescription } from '../api/get-prescription.ts';
import '../orders.css';

const relationText = (label: string) => RELATION_LABEL_TEXT[label as RelationLabel] ?? label;

/**
 * /user/order/prescription/{ordersCode}: the prescription a pharmacist passed, laid out as a paper prescription;
 * 打印 prints the prescription alone (orders.css hides the site around it).
 */
export function PrescriptionPage() {
  const { ordersCode = '' } = useParams();
  const { data, isPending, isError, error, refetch } = usePrescription(ordersCode);
  const orderUrl = `/user/order/detail/${encodeURIComponent(ordersCode)}`;
  const back = (
    <Link to={orderUrl} className="card__more">
      <LeftOutlined /> 返回订单详情
    </Link>
  );

  if (isPending) return <Skeleton active paragraph={{ rows: 12 }} className="card" />;
  if (isError) {
    const isMissing = isApiError(error) && error.status === 404;
    return (
      <div className="card">
        <Result
          status={isMissing ? 'info' : 'warning'}
          title={isMissing ? '暂无处方' : error.message}
          subTitle={isMissing ? error.message : undefined}
          extra={
            isMissing ? (
              <Link to={orderUrl}>
                <Button type="primary">返回订单详情</Button>
              </Link>
            ) : (
              <Button type="primary" onClick={() => void refetch()}>
                重试
              </Button>
            )
          }
        />
      </div>
    );
  }

  return (
    <div className="prescription-page">
      <div className="prescription-page__actions">
        {back}
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      </div>
      <article className="card rx-paper" aria-label="电子处方" data-testid="prescription">
        <header className="rx-paper__head">
          <p className="rx-paper__org">安心大药房</p>
          <h1 className="rx-paper__title">电子处方笺</h1>
          <div className="rx-paper__meta">
            <span>处方编号：{data.ordersCode}</span>
            <span>开具日期：{formatDateTime(data.reviewedAt, 'YYYY-MM-DD')}</span>
          </div>
        </header>

        <dl className="rx-paper__patient">
          <div>
            <dt>姓名</dt>
            <dd>{data.patient.name}</dd>
          </div>
          <div>
            <dt>性别</dt>
            <dd>{formatSex(data.patient.sex)}</dd>
          </div>
          <div>
            <dt>年龄</dt>
            <dd>{data.patient.age}岁</dd>
          </div>
          <div>
            <dt>与本人关系</dt>
            <dd>{relationText(data.patient.relationLabel)}</dd>
          </div>
          <div className="rx-paper__wide">
            <dt>证件号码</dt>
            <dd>{data.patient.certificateNumber}</dd>
          </div>
        </dl>

        <section className="rx-paper__block">
          <h2>临床诊断</h2>
          <p data-testid="prescription-diagnoses">{data.diagnoses.join('；')}</p>
        </section>

        <section className="rx-paper__block">
          <h2 className="rx-paper__rp">Rp.</h2>
          <table className="rx-paper__drugs">
            <thead>
              <tr>
                <th scope="col">药品名称</th>
                <th scope="col">规格</th>
                <th scope="col">数量</th>
              </tr>
            </thead>
            <tbody>
              {data.drugs.map((drug) => (
                <tr key={drug.productCode}>
                  <td>{drug.productName}</td>
                  <td>{drug.packing ?? '—'}</td>
                  <td>× {drug.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <footer className="rx-paper__foot">
          <span>问诊提交：{formatDateTime(data.submittedAt, 'YYYY-MM-DD HH:mm')}</span>
          <span>
            审核药师：<strong>{data.pharmacistName}</strong>
          </span>
          <span>审核时间：{formatDateTime(data.reviewedAt, 'YYYY-MM-DD HH:mm')}</span>
        </footer>
        <p className="rx-paper__notice">{PRESCRIPTION_NOTICE}</p>
      </article>
    </div>
  );
}
