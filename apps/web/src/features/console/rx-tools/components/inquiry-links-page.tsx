import { SearchOutlined, SendOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import type { InquiryLinkKind } from '@anxin/shared/inquiry/inquiry-link.contract';
import {
  type ConsoleInquiryLink,
  INQUIRY_LINK_KIND_NAME,
  INQUIRY_LINK_PAGE_SIZE,
  INQUIRY_LINK_STATE_NAME,
  type InquiryLinkState,
  inquiryLinkCreateBodySchema,
} from '@anxin/shared/staff/console-rx.contract';
import { Alert, Button, Form, Input, Radio, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../../../app/feedback.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { formatDateTime, pageFromParam } from '../../../../lib/format.ts';
import { CardLine, RowsView } from '../../components/rows-view.tsx';
import { requiredFieldRules } from '../../lib/field-rules.ts';
import { type InquiryLinkSearch, useInquiryLinkActs, useInquiryLinks } from '../api/inquiry-links.ts';
import '../rx-tools.css';

type CreateValues = { ordersCode: string; kind: InquiryLinkKind };

const STATE_COLOR: Record<InquiryLinkState, string> = {
  live: 'processing',
  used: 'success',
  expired: 'default',
  ended: 'default',
  void: 'default',
};
const KIND_SHORT_NAME: Record<InquiryLinkKind, string> = { complete: '完善信息', chronic: '慢病' };

const StateTag = ({ link }: { link: ConsoleInquiryLink }) => (
  <Tag color={STATE_COLOR[link.state]}>{INQUIRY_LINK_STATE_NAME[link.state]}</Tag>
);

/**
 * 问诊链接: a link for an order whose inquiry waits for the pharmacist (as `npm run ops -- inquiry-link`), texted
 * to the order's consignee; the links with their state (有效, 已使用, 已过期, 已结束, 已失效), a live one ended.
 */
export function InquiryLinksPage() {
  const [params, setParams] = useSearchParams();
  const query: InquiryLinkSearch = { code: params.get('code') || undefined, page: pageFromParam(params.get('page')) };
  const links = useInquiryLinks(query);
  const acts = useInquiryLinkActs();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<CreateValues>();

  const handleCreate = async (values: CreateValues) => {
    try {
      const link = await acts.create.mutateAsync({ ordersCode: values.ordersCode.trim(), kind: values.kind });
      message.success(`订单 ${link.ordersCode} 的问诊链接已发送至 ${link.phone}`);
      form.resetFields();
      setParams(new URLSearchParams());
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const handleEnd = (link: ConsoleInquiryLink) => {
    modal.confirm({
      title: '结束问诊链接？',
      content: `订单 ${link.ordersCode} 的${KIND_SHORT_NAME[link.kind]}链接将立即失效，用户无法再通过它补充信息。`,
      okText: '结束链接',
      cancelText: '取消',
      onOk: async () => {
        try {
          await acts.end.mutateAsync(link.id);
          message.success('问诊链接已结束');
        } catch (error) {
          message.error(getErrorMessage(error));
        }
      },
    });
  };

  const endButton = (link: ConsoleInquiryLink) =>
    link.state === 'live' ? (
      <Button size="small" danger onClick={() => handleEnd(link)} aria-label={`结束订单${link.ordersCode}的问诊链接`}>
        结束
      </Button>
    ) : null;

  const columns: ColumnsType<ConsoleInquiryLink> = [
    { title: '订单号', dataIndex: 'ordersCode' },
    { title: '类型', dataIndex: 'kind', render: (kind: InquiryLinkKind) => KIND_SHORT_NAME[kind] },
    { title: '收货人', dataIndex: 'consignee' },
    { title: '手机号', dataIndex: 'phone' },
    { title: '状态', key: 'state', render: (_, link) => <StateTag link={link} /> },
    { title: '发送时间', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, 'MM-DD HH:mm') },
    { title: '有效期至', dataIndex: 'expiresAt', render: (at: string) => formatDateTime(at, 'MM-DD HH:mm') },
    { title: '操作', key: 'action', render: (_, link) => endButton(link) },
  ];

  return (
    <div className="console-page">
      <section className="card" aria-labelledby="inquiry-link-create-title">
        <h2 id="inquiry-link-create-title" className="card__title rx-tools__title">
          发送问诊链接
        </h2>
        <p className="console-muted rx-tools__note">
          为药师审核中的处方订单发送链接：用户登录后选择用药人、上传处方图片。链接以短信发送至订单的收货人手机。
        </p>
        <Form
          form={form}
          name="console-inquiry-link"
          layout="vertical"
          requiredMark={false}
          initialValues={{ kind: 'complete' }}
          onFinish={handleCreate}
        >
          <Form.Item
            name="ordersCode"
            label="订单号"
            rules={requiredFieldRules(inquiryLinkCreateBodySchema.shape.ordersCode, MSG.consoleOrdersCodeEmpty)}
            className="rx-tools__code"
          >
            <Input maxLength={64} spellCheck={false} autoComplete="off" placeholder="如 AX2026…" />
          </Form.Item>
          <Form.Item name="kind" label="链接类型">
            <Radio.Group
              className="rx-tools__kinds"
              options={(Object.keys(INQUIRY_LINK_KIND_NAME) as InquiryLinkKind[]).map((kind) => ({
                value: kind,
                label: INQUIRY_LINK_KIND_NAME[kind],
              }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={acts.create.isPending}>
            发送链接
          </Button>
        </Form>
      </section>

      <section className="card" aria-labelledby="inquiry-links-title">
        <div className="card__header">
          <h2 id="inquiry-links-title" className="card__title">
            已发送的链接
          </h2>
        </div>
        <Form
          name="console-inquiry-link-search"
          layout="vertical"
          className="console-toolbar console-search rx-tools__search"
          initialValues={{ code: query.code }}
          onFinish={(values: { code?: string }) => {
            const next = new URLSearchParams();
            if (values.code?.trim()) next.set('code', values.code.trim());
            setParams(next);
          }}
        >
          <Form.Item name="code" label="订单号">
            <Input allowClear maxLength={50} spellCheck={false} />
          </Form.Item>
          <Form.Item label=" " className="console-search__actions">
            <Button htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
          </Form.Item>
        </Form>
        {links.isError ? <Alert type="error" showIcon title={getErrorMessage(links.error)} /> : null}
        <RowsView
          label="问诊链接"
          items={links.data?.content}
          rowKey={(link) => String(link.id)}
          columns={columns}
          isLoading={links.isFetching}
          emptyText="暂无问诊链接"
          paging={{
            page: query.page,
            pageSize: INQUIRY_LINK_PAGE_SIZE,
            total: links.data?.totalElements ?? 0,
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            },
          }}
          card={(link) => (
            <div className="console-card">
              <span className="console-card__head">
                <span>{link.ordersCode}</span>
                <StateTag link={link} />
              </span>
              <CardLine label="类型">{KIND_SHORT_NAME[link.kind]}</CardLine>
              <CardLine label="收货人">
                {link.consignee} · {link.phone}
              </CardLine>
              <CardLine label="有效期至">{formatDateTime(link.expiresAt, 'MM-DD HH:mm')}</CardLine>
              {link.state === 'live' ? <div className="rx-tools__end">{endButton(link)}</div> : null}
            </div>
          )}
        />
      </section>
    </div>
  );
}
