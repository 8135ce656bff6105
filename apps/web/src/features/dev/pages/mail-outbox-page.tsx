import { PaperClipOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Empty, Input, List } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { MAIL_OUTBOX_REFRESH_MS, useMailOutbox } from '../api/get-mail-outbox.ts';
import './mail-outbox.css';
import '../outbox.css';

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** Demo page: the sandbox mail outbox (e-mailed invoices), like the SMS outbox; the API answers only outside production. */
export function MailOutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const { data, isFetching, isError, error } = useMailOutbox(to.trim());

  return (
    <div className="container">
      <div className="card outbox">
        <header className="card__header">
          <h1 className="card__title">邮件发件箱（演示）</h1>
          <span className="outbox__refresh">
            <SyncOutlined spin={isFetching} /> 每{MAIL_OUTBOX_REFRESH_MS / 1000}秒自动刷新
          </span>
        </header>
        <p className="outbox__intro">
          演示环境不发送真实邮件，发出的邮件（如电子发票）保存在这里，最新的在最前。可输入收件邮箱只看发给它的邮件。
        </p>
        <Input
          className="outbox__phone"
          size="large"
          placeholder="收件邮箱（选填）"
          maxLength={100}
          inputMode="email"
          value={to}
          onChange={(event) => setSearchParams(event.target.value ? { to: event.target.value } : {}, { replace: true })}
          allowClear
        />
        {isError ? <Alert type="error" showIcon message={getErrorMessage(error)} className="outbox__error" /> : null}
        <List
          itemLayout="vertical"
          dataSource={data ?? []}
          locale={{ emptyText: <Empty description="暂无邮件" /> }}
          renderItem={(mail) => (
            <List.Item data-testid="mail-message">
              <List.Item.Meta
                title={mail.subject}
                description={`收件人：${mail.recipients.join('、')} · ${dayjs(mail.createdAt).format('YYYY-MM-DD HH:mm:ss')}`}
              />
              <div className="mail-outbox__body">
                <pre>{mail.body}</pre>
                {mail.attachments.map((file) => (
                  <div key={file.filename} className="mail-outbox__attachment">
                    <PaperClipOutlined /> {file.filename}（{sizeText(file.size)}）
                  </div>
                ))}
              </div>
            </List.Item>
          )}
        />
      </div>
    </div>
  );
}
