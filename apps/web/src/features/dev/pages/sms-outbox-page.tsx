import { SyncOutlined } from '@ant-design/icons';
import { PHONE_MAX_LENGTH, PHONE_PATTERN } from '@anxin/shared/common/phone';
import type { SmsOutboxMessage } from '@anxin/shared/dev/sms-outbox.contract';
import { Alert, Input, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { SMS_OUTBOX_REFRESH_MS, useSmsOutbox } from '../api/get-sms-outbox.ts';
import '../outbox.css';

const COLUMNS: TableColumnsType<SmsOutboxMessage> = [
  {
    title: '发送时间',
    dataIndex: 'createdAt',
    width: 180,
    render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
  },
  { title: '短信内容', dataIndex: 'content' },
  {
    title: '验证码',
    dataIndex: 'code',
    width: 120,
    render: (value: string) => (
      <Tag color="green" className="outbox-code">
        {value}
      </Tag>
    ),
  },
];

/** Demo page: the sandbox SMS outbox, so a visitor can sign in by SMS without a real phone. */
export function SmsOutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const phone = searchParams.get('phone') ?? '';
  const isValidPhone = PHONE_PATTERN.test(phone);
  const { data, isFetching, isError, error } = useSmsOutbox(phone, { isEnabled: isValidPhone });
  const messages = [...(data ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

  return (
    <div className="container">
      <div className="card outbox">
        <header className="card__header">
          <h1 className="card__title">短信发件箱（演示）</h1>
          {isValidPhone ? (
            <span className="outbox__refresh">
              <SyncOutlined spin={isFetching} /> 每{SMS_OUTBOX_REFRESH_MS / 1000}秒自动刷新
            </span>
          ) : null}
        </header>
        <p className="outbox__intro">
          演示环境不发送真实短信，验证码短信保存在这里。输入手机号即可查看发给该号码的短信，最新的在最前。
        </p>
        <Input
          className="outbox__phone"
          size="large"
          placeholder="请输入手机号"
          maxLength={PHONE_MAX_LENGTH}
          inputMode="numeric"
          value={phone}
          onChange={(event) =>
            setSearchParams(event.target.value ? { phone: event.target.value.trim() } : {}, { replace: true })
          }
          allowClear
        />
        {isError ? <Alert type="error" showIcon message={getErrorMessage(error)} className="outbox__error" /> : null}
        <Table<SmsOutboxMessage>
          rowKey={(message) => `${message.createdAt}-${message.code}`}
          columns={COLUMNS}
          dataSource={isValidPhone ? messages : []}
          pagination={false}
          locale={{ emptyText: isValidPhone ? '暂无短信' : '请输入11位手机号' }}
        />
      </div>
    </div>
  );
}
