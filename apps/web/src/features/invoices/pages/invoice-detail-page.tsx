import { FilePdfOutlined, MailOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { formatYuan } from '@anxin/shared/common/money';
import { type InvoiceLine, invoiceEmailSchema } from '@anxin/shared/invoices/invoice.contract';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { TABLE_CARDS_CLASS, withCardLabels } from '../../../components/table-cards.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useEmailInvoice } from '../api/email-invoice.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { useInvoiceUrls } from '../api/get-invoice-urls.ts';
import { useRedLetterUrls } from '../api/get-red-letter-urls.ts';
import '../invoices.css';

const LINE_COLUMNS = withCardLabels([
  { title: '项目名称', dataIndex: 'name' },
  { title: '规格型号', dataIndex: 'packing', render: (value: string | null) => value ?? '' },
  { title: '数量', dataIndex: 'quantity', width: 80, align: 'right' as const },
  {
    title: '金额（含税）',
    dataIndex: 'amount',
    width: 140,
    align: 'right' as const,
    render: (value: number) => `¥${formatYuan(value)}`,
  },
  { title: '税率', dataIndex: 'taxRate', width: 80, align: 'right' as const, render: (value: number) => `${value}%` },
  {
    title: '税额',
    dataIndex: 'taxAmount',
    width: 120,
    align: 'right' as const,
    render: (value: number) => `¥${formatYuan(value)}`,
  },
]);

/** 发送至邮箱: the address the invoice was asked for is offered; the server checks it again. */
function EmailDialog({
  ordersCode,
  email,
  onClose,
}: {
  ordersCode: string;
  email: string | null;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ email: string }>();
  const send = useEmailInvoice(ordersCode);
  const [failure, setFailure] = useState<string>();

  // Runs only once the form is valid (发送 submits the form): a refused address shows under the field.
  const submit = async ({ email: address }: { email: string }) => {
    setFailure(undefined);
    try {
      await send.mutateAsync({ emails: [address.trim()] });
    } catch (error) {
      setFailure(getErrorMessage(error));
      return;
    }
    message.success(`${MSG.invoiceEmailSent}：${address.trim()}`);
    onClose();
  };

  return (
    <Modal
      open
      title="发送发票至邮箱"
      okText="发送"
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ email: email ?? '' }} onFinish={submit}>
        <Form.Item label="邮箱地址" name="email" rules={[zodRule(invoiceEmailSchema)]}>
          <Input maxLength={100} inputMode="email" placeholder="请输入邮箱地址" autoFocus />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
    </Modal>
  );
}

/** /user/personal/invoice/detail/{id}: the invoice of order {id}; opens its PDF and sends it by e-mail. */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const urls = useInvoiceUrls();
  const redLetterUrls = useRedLetterUrls();
  const { modal } = useFeedback();
  const [isEmailOpen, setEmailOpen] = useState(false);

  if (invoice.isPending)
    return (
      <div className="card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  if (invoice.isError)
    return (
      <div className="card">
        <Result
          status="warning"
          title={getErrorMessage(invoice.error)}
          extra={
            <Link to="/user/personal/invoice">
              <Button>返回我的发票</Button>
            </Link>
          }
        />
      </div>
    );

  const data = invoice.data;
  /** `redLetter`: a red-letter invoice's PDF, else the invoice's own. */
  const openPdf = async (redLetter?: string) => {
    // The tab opens at the click (a browser blocks a later one) and goes to the signed link once it is known.
    const tab = window.open('', '_blank');
    try {
      const { urls: links } = redLetter
        ? await redLetterUrls.mutateAsync({ ordersCode: data.ordersCode, invoiceNumber: redLetter })
        : await urls.mutateAsync(data.ordersCode);
      if (tab && links[0]) tab.location.href = links[0];
      else if (links[0]) window.location.assign(links[0]);
    } catch (error) {
      tab?.close();
      modal.error({ title: '发票获取失败', content: getErrorMessage(error) });
    }
  };

  return (
    <div className="card invoice-detail">
      <header className="card__header">
        <h3 className="card__title">发票详情</h3>
        <Link to="/user/personal/invoice" className="card__more">
          返回我的发票
        </Link>
      </header>
      <div className="invoice-detail__actions">
        <Button type="primary" icon={<FilePdfOutlined />} loading={urls.isPending} onClick={() => void openPdf()}>
          查看发票
        </Button>
        <Button icon={<MailOutlined />} onClick={() => setEmailOpen(true)}>
          发送至邮箱
        </Button>
      </div>
      <Descriptions column={{ xs: 1, sm: 2 }} bordered size="middle">
        <Descriptions.Item label="发票类型">{data.invoiceTypeName}</Descriptions.Item>
        <Descriptions.Item label="发票号码">{data.invoiceNumber}</Descriptions.Item>
        <Descriptions.Item label="抬头类型">{data.consigneeType}</Descriptions.Item>
        <Descriptions.Item label="发票抬头">{data.title}</Descriptions.Item>
        {data.taxPayerNumber ? (
          <Descriptions.Item label="纳税人识别号" span="filled">
            {data.taxPayerNumber}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="发票内容">{data.invoiceContent}</Descriptions.Item>
        <Descriptions.Item label="开票日期">{formatDay(data.issuedAt)}</Descriptions.Item>
        <Descriptions.Item label="订单编号">
          <Link to={`/user/order/detail/${data.ordersCode}`} className="invoice-detail__order-link">
            {data.ordersCode}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label="销售方">{data.sellerName}</Descriptions.Item>
      </Descriptions>
      <Table<InvoiceLine>
        className={`invoice-detail__lines ${TABLE_CARDS_CLASS}`}
        rowKey={(line) => `${line.name}-${line.amount}`}
        size="middle"
        columns={LINE_COLUMNS}
        dataSource={data.lines}
        pagination={false}
      />
      <div className="invoice-detail__total">
        <span>合计金额：¥{formatYuan(data.amountWithoutTax)}</span>
        <span>合计税额：¥{formatYuan(data.taxAmount)}</span>
        <span>
          价税合计：<strong data-testid="invoice-amount">¥{formatYuan(data.amount)}</strong>
        </span>
      </div>
      {data.redLetters.length ? (
        <section className="invoice-detail__red" aria-labelledby="invoice-red-title">
          <h4 id="invoice-red-title">红字发票</h4>
          <p>因售后退款开具，冲减本发票的相应金额。</p>
          <ul>
            {data.redLetters.map((red) => (
              <li key={red.invoiceNumber} data-testid="invoice-red-letter">
                <span>发票号码：{red.invoiceNumber}</span>
                <span>开票日期：{formatDay(red.issuedAt)}</span>
                <span>金额：-¥{formatYuan(-red.amount)}</span>
                <Button
                  icon={<FilePdfOutlined />}
                  loading={redLetterUrls.isPending && redLetterUrls.variables?.invoiceNumber === red.invoiceNumber}
                  onClick={() => void openPdf(red.invoiceNumber)}
                >
                  查看红字发票
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {isEmailOpen ? (
        <EmailDialog ordersCode={data.ordersCode} email={data.email} onClose={() => setEmailOpen(false)} />
      ) : null}
    </div>
  );
}
