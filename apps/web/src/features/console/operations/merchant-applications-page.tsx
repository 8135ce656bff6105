import {
  type ConsoleMerchantApplication,
  MERCHANT_APPLICATION_PAGE_SIZE,
  MERCHANT_APPLICATION_STATES,
  type MerchantApplicationState,
} from '@anxin/shared/staff/console-operations.contract';
import { Alert, Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, pageFromParam } from '../../../lib/format.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { MerchantStateTag, merchantApplicationPath } from './merchant-state.tsx';
import { useMerchantApplications } from './operations-api.ts';
import './operations.css';

/** The filter's choices; 'all' lists every state (the address bar's `state=all`). */
const STATE_OPTIONS: { value: MerchantApplicationState | 'all'; label: string }[] = [
  { value: 'pending', label: '审核中' },
  { value: 'approved', label: '已通过' },
  { value: 'rejected', label: '未通过' },
  { value: 'all', label: '全部' },
];

const isState = (value: string): value is MerchantApplicationState =>
  (MERCHANT_APPLICATION_STATES as readonly string[]).includes(value);

const companyLink = (application: ConsoleMerchantApplication) => (
  <Link
    to={merchantApplicationPath(application.id)}
    className="console-link"
    aria-label={`查看${application.companyName}的入驻申请`}
  >
    {application.companyName}
  </Link>
);

const COLUMNS: ColumnsType<ConsoleMerchantApplication> = [
  { title: '编号', dataIndex: 'id' },
  { title: '企业名称', key: 'companyName', render: (_, application) => companyLink(application) },
  { title: '统一社会信用代码', dataIndex: 'creditCode' },
  { title: '联系人', dataIndex: 'contactName' },
  { title: '联系电话', dataIndex: 'contactPhone' },
  { title: '申请时间', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, 'YYYY-MM-DD HH:mm') },
  {
    title: '状态',
    dataIndex: 'status',
    render: (status: ConsoleMerchantApplication['status']) => <MerchantStateTag status={status} />,
  },
];

/** 商家入驻: the open-store applications, those waiting for review first shown; each opens its review page. */
export function MerchantApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state') ?? 'pending';
  const state = isState(stateParam) ? stateParam : undefined;
  const page = pageFromParam(params.get('page'));
  const applications = useMerchantApplications({ state, page });

  return (
    <div className="console-page">
      <section className="card" aria-labelledby="merchant-applications-title">
        <div className="card__header operations-header">
          <h2 id="merchant-applications-title" className="card__title">
            入驻申请
          </h2>
          <Segmented
            aria-label="申请状态"
            options={STATE_OPTIONS}
            value={state ?? 'all'}
            onChange={(value) => setParams(new URLSearchParams({ state: String(value) }))}
          />
        </div>
        {applications.isError ? <Alert type="error" showIcon title={getErrorMessage(applications.error)} /> : null}
        <RowsView
          label="入驻申请"
          items={applications.data?.content}
          rowKey={(application) => String(application.id)}
          columns={COLUMNS}
          isLoading={applications.isFetching}
          emptyText={state === 'pending' ? '没有待审核的入驻申请' : '没有入驻申请'}
          paging={{
            page,
            pageSize: MERCHANT_APPLICATION_PAGE_SIZE,
            total: applications.data?.totalElements ?? 0,
            onChange: (next) => {
              const query = new URLSearchParams(params);
              query.set('page', String(next));
              setParams(query);
            },
          }}
          card={(application) => (
            <div className="console-card">
              <span className="console-card__head">
                {companyLink(application)}
                <MerchantStateTag status={application.status} />
              </span>
              <CardLine label="信用代码">{application.creditCode}</CardLine>
              <CardLine label="联系人">
                {application.contactName} {application.contactPhone}
              </CardLine>
              <CardLine label="申请时间">{formatDateTime(application.createdAt, 'YYYY-MM-DD HH:mm')}</CardLine>
            </div>
          )}
        />
      </section>
    </div>
  );
}
