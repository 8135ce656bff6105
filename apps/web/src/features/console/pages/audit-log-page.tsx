import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { AUDIT_ACTION_NAME, AUDIT_PAGE_SIZE, type AuditEntry, OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { roleNamesOf } from '@anxin/shared/staff/staff-roles';
import { Alert, Button, DatePicker, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, pageFromParam } from '../../../lib/format.ts';
import { type AuditSearch, useAuditLog } from '../api/audit-log.ts';
import { downloadAuditLogCsv } from '../api/audit-log-csv.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { auditChanges } from '../lib/audit-changes.ts';
import { orderPath } from '../lib/console-paths.ts';
import '../console-audit.css';

type SearchValues = { staff?: string; action?: string; object?: string; days?: [Dayjs | null, Dayjs | null] | null };

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_NAME).map(([value, label]) => ({ value, label }));
const DAY_FORMAT = 'YYYY-MM-DD';

function queryOf(params: URLSearchParams): AuditSearch {
  return {
    staff: params.get('staff') || undefined,
    action: params.get('action') || undefined,
    object: params.get('object') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    page: pageFromParam(params.get('page')),
  };
}

const actionName = (action: string) => AUDIT_ACTION_NAME[action] ?? action;

function Actor({ entry }: { entry: AuditEntry }) {
  if (entry.actor === OPS_ACTOR) return <span>命令行（ops）</span>;
  return (
    <span className="audit-actor">
      <span>{entry.actor}</span>
      {entry.roles.length ? <span className="console-muted">{roleNamesOf(entry.roles)}</span> : null}
    </span>
  );
}

function AuditObject({ entry }: { entry: AuditEntry }) {
  if (entry.objectType === 'order') {
    return (
      <Link to={orderPath(entry.objectId)} className="console-link">
        订单 {entry.objectId}
      </Link>
    );
  }
  return (
    <span>
      {entry.objectType} {entry.objectId}
    </span>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="audit-changes__field">{change.field}</span>{' '}
          <span className="audit-changes__before">{change.before || '（空）'}</span> →{' '}
          <span className="audit-changes__after">{change.after || '（空）'}</span>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'at', width: 170, render: (at: string) => formatDateTime(at) },
  { title: '操作人', key: 'actor', width: 150, render: (_, entry) => <Actor entry={entry} /> },
  { title: '操作', dataIndex: 'action', width: 140, render: actionName },
  { title: '对象', key: 'object', width: 200, render: (_, entry) => <AuditObject entry={entry} /> },
  { title: '变更（前 → 后）', key: 'changes', render: (_, entry) => <Changes entry={entry} /> },
];

/** 操作日志: every act that changed something, newest first; searched, and exported as CSV. */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const log = useAuditLog(query);
  const [form] = Form.useForm<SearchValues>();
  const { message } = useFeedback();
  const [isExporting, setIsExporting] = useState(false);

  const search = (values: SearchValues) => {
    const next = new URLSearchParams();
    const set = (key: string, value: string | undefined) => {
      if (value) next.set(key, value);
    };
    set('staff', values.staff?.trim());
    set('action', values.action);
    set('object', values.object?.trim());
    set('from', values.days?.[0]?.format(DAY_FORMAT));
    set('to', values.days?.[1]?.format(DAY_FORMAT));
    setParams(next);
  };

  const handleExport = async () => {
    setIsExporting(true);
    try {
      const { page: _page, ...filter } = query;
      await downloadAuditLogCsv(filter);
    } catch (error) {
      message.error(getErrorMessage(error));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <div className="console-page">
      <section className="card" aria-label="搜索操作日志">
        <Form
          form={form}
          name="console-audit-search"
          layout="vertical"
          className="console-toolbar console-search"
          initialValues={{
            staff: query.staff,
            action: query.action,
            object: query.object,
            days:
              query.from || query.to
                ? [query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]
                : null,
          }}
          onFinish={search}
        >
          <Form.Item name="staff" label="操作人">
            <Input allowClear maxLength={32} placeholder="登录名或 ops" spellCheck={false} />
          </Form.Item>
          <Form.Item name="action" label="操作">
            <Select allowClear options={ACTION_OPTIONS} placeholder="全部" />
          </Form.Item>
          <Form.Item name="object" label="对象">
            <Input allowClear maxLength={50} placeholder="如订单号" spellCheck={false} />
          </Form.Item>
          <Form.Item name="days" label="日期">
            <DatePicker.RangePicker allowEmpty={[true, true]} inputReadOnly />
          </Form.Item>
          <Form.Item label=" " className="console-search__actions">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue({ staff: undefined, action: undefined, object: undefined, days: null });
                search({});
              }}
            >
              重置
            </Button>
          </Form.Item>
        </Form>
      </section>
      <section className="card" aria-labelledby="audit-title">
        <div className="card__header">
          <h2 id="audit-title" className="card__title">
            操作记录{log.data ? `（${log.data.totalElements}）` : ''}
          </h2>
          <Button icon={<DownloadOutlined />} onClick={handleExport} loading={isExporting}>
            导出CSV
          </Button>
        </div>
        {log.isError ? <Alert type="error" showIcon title={getErrorMessage(log.error)} /> : null}
        <RowsView
          label="操作记录"
          items={log.data?.content}
          rowKey={(entry) => String(entry.id)}
          columns={COLUMNS}
          isLoading={log.isFetching}
          emptyText="没有符合条件的操作记录"
          paging={{
            page: query.page,
            pageSize: AUDIT_PAGE_SIZE,
            total: log.data?.totalElements ?? 0,
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            },
          }}
          card={(entry) => (
            <div className="console-card">
              <span className="console-card__head">
                <span>{actionName(entry.action)}</span>
                <span className="console-muted">{formatDateTime(entry.at, 'MM-DD HH:mm')}</span>
              </span>
              <CardLine label="操作人">
                <Actor entry={entry} />
              </CardLine>
              <CardLine label="对象">
                <AuditObject entry={entry} />
              </CardLine>
              <Changes entry={entry} />
            </div>
          )}
        />
      </section>
    </div>
  );
}
