import { MinusCircleOutlined, PlusOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import {
  GUEST_LINK_PAGE_SIZE,
  GUEST_LINK_STATE_NAME,
  GUEST_ORDER_MAX_ITEMS,
  GUEST_ORDER_MAX_QUANTITY,
  type GuestLinkItem,
  type GuestLinkState,
  guestOrderBodySchema,
} from '@anxin/shared/staff/console.contract';
import { Alert, Button, Form, Input, InputNumber, Radio, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, pageFromParam, yuan } from '../../../lib/format.ts';
import { type GuestLinkSearch, useGuestLinkActs, useGuestLinks } from '../api/guest-links.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { requiredFieldRules } from '../lib/field-rules.ts';
import '../console-guest-links.css';

type OrderValues = {
  phone: string;
  consignee: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  payment: 'online' | 'cod';
  items: { productCode: string; quantity: number }[];
};

const shape = guestOrderBodySchema.shape;
const itemShape = shape.items.element.shape;
const STATE_COLOR: Record<GuestLinkState, string> = {
  sent: 'processing',
  confirmed: 'warning',
  paid: 'success',
  expired: 'default',
  ended: 'default',
};
/** A link the guest can still use: only these can be ended. */
const isLive = (link: GuestLinkItem) => link.state === 'sent' || link.state === 'confirmed';

function StateTag({ link }: { link: GuestLinkItem }) {
  return (
    <span className="guest-link-state">
      <Tag color={STATE_COLOR[link.state]}>{GUEST_LINK_STATE_NAME[link.state]}</Tag>
      {link.isLocked ? <Tag color="error">已锁定</Tag> : null}
    </span>
  );
}

/**
 * 代客下单: an order placed for a phone as `npm run ops -- guest-order` does, its link texted to the phone; the
 * links with their state (已发送, 已确认, 已支付, 已过期, 已结束), a live one ended on request.
 */
export function GuestLinksPage() {
  const [params, setParams] = useSearchParams();
  const query: GuestLinkSearch = {
    phone: params.get('phone') || undefined,
    code: params.get('code') || undefined,
    page: pageFromParam(params.get('page')),
  };
  const links = useGuestLinks(query);
  const acts = useGuestLinkActs();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<OrderValues>();

  const handlePlace = async (values: OrderValues) => {
    try {
      const link = await acts.place.mutateAsync({
        ...values,
        items: values.items.map((item) => ({ productCode: item.productCode.trim(), quantity: item.quantity })),
      });
      message.success(`订单 ${link.ordersCode} 已下单，支付链接已发送至 ${link.phone}`);
      form.resetFields();
      setParams(new URLSearchParams());
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const handleEnd = (link: GuestLinkItem) => {
    modal.confirm({
      title: '结束支付链接？',
      content: `订单 ${link.ordersCode} 的支付链接将立即失效，订单本身不变。`,
      okText: '结束链接',
      cancelText: '取消',
      onOk: async () => {
        try {
          await acts.end.mutateAsync(link.ordersCode);
          message.success('支付链接已结束');
        } catch (error) {
          message.error(getErrorMessage(error));
        }
      },
    });
  };

  const endButton = (link: GuestLinkItem) =>
    isLive(link) ? (
      <Button size="small" danger onClick={() => handleEnd(link)} aria-label={`结束订单${link.ordersCode}的支付链接`}>
        结束
      </Button>
    ) : null;

  const columns: ColumnsType<GuestLinkItem> = [
    { title: '订单号', dataIndex: 'ordersCode' },
    { title: '手机号', dataIndex: 'phone' },
    { title: '收货人', dataIndex: 'consignee' },
    { title: '金额', dataIndex: 'sum', align: 'right', render: (sum: number) => yuan(sum) },
    { title: '支付方式', dataIndex: 'paymentType', render: (type: number) => PAYMENT_TYPE_NAME[type] ?? '' },
    { title: '状态', key: 'state', render: (_, link) => <StateTag link={link} /> },
    { title: '发送时间', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, 'MM-DD HH:mm') },
    { title: '有效期至', dataIndex: 'expiresAt', render: (at: string) => formatDateTime(at, 'MM-DD HH:mm') },
    { title: '操作', key: 'action', render: (_, link) => endButton(link) },
  ];

  return (
    <div className="console-page">
      <section className="card" aria-labelledby="guest-order-title">
        <h2 id="guest-order-title" className="card__title guest-order__title">
          新建代客订单
        </h2>
        <Form
          form={form}
          name="console-guest-order"
          layout="vertical"
          requiredMark={false}
          initialValues={{ payment: 'online', items: [{ productCode: '', quantity: 1 }] }}
          onFinish={handlePlace}
          className="guest-order"
        >
          <div className="guest-order__fields">
            <Form.Item name="phone" label="手机号" rules={requiredFieldRules(shape.phone, MSG.phoneEmpty)}>
              <Input maxLength={11} inputMode="numeric" autoComplete="off" />
            </Form.Item>
            <Form.Item name="consignee" label="收货人" rules={requiredFieldRules(shape.consignee, MSG.consigneeEmpty)}>
              <Input maxLength={10} autoComplete="off" />
            </Form.Item>
            <Form.Item name="province" label="省" rules={requiredFieldRules(shape.province, MSG.regionInvalid)}>
              <Input maxLength={20} placeholder="如 广东省" />
            </Form.Item>
            <Form.Item name="city" label="市" rules={requiredFieldRules(shape.city, MSG.regionInvalid)}>
              <Input maxLength={20} placeholder="如 深圳市" />
            </Form.Item>
            <Form.Item name="district" label="区/县" rules={requiredFieldRules(shape.district, MSG.regionInvalid)}>
              <Input maxLength={20} placeholder="如 南山区" />
            </Form.Item>
            <Form.Item
              name="detail"
              label="详细地址"
              rules={requiredFieldRules(shape.detail, MSG.detailAddressEmpty)}
              className="guest-order__wide"
            >
              <Input maxLength={50} />
            </Form.Item>
          </div>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <fieldset className="guest-order__items">
                <legend>商品</legend>
                {fields.map((field, index) => (
                  <div key={field.key} className="guest-order__item">
                    <Form.Item
                      name={[field.name, 'productCode']}
                      label={`商品编码 ${index + 1}`}
                      rules={requiredFieldRules(itemShape.productCode, MSG.productCodeMalformed)}
                    >
                      <Input maxLength={7} inputMode="numeric" placeholder="7位商品编码" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      label="数量"
                      rules={[{ required: true, message: MSG.consoleQuantityInvalid }]}
                    >
                      <InputNumber min={1} max={GUEST_ORDER_MAX_QUANTITY} precision={0} />
                    </Form.Item>
                    {fields.length > 1 ? (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        onClick={() => remove(field.name)}
                        aria-label={`移除商品 ${index + 1}`}
                        className="guest-order__remove"
                      />
                    ) : null}
                  </div>
                ))}
                {fields.length < GUEST_ORDER_MAX_ITEMS ? (
                  <Button icon={<PlusOutlined />} onClick={() => add({ productCode: '', quantity: 1 })}>
                    添加商品
                  </Button>
                ) : null}
              </fieldset>
            )}
          </Form.List>
          <Form.Item name="payment" label="支付方式">
            <Radio.Group
              options={[
                { value: 'online', label: '在线支付' },
                { value: 'cod', label: '货到付款' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={acts.place.isPending}>
            下单并发送支付链接
          </Button>
        </Form>
      </section>

      <section className="card" aria-labelledby="guest-links-title">
        <div className="card__header">
          <h2 id="guest-links-title" className="card__title">
            支付链接
          </h2>
        </div>
        <Form
          name="console-guest-link-search"
          layout="vertical"
          className="console-toolbar console-search guest-links__search"
          initialValues={{ phone: query.phone, code: query.code }}
          onFinish={(values: { phone?: string; code?: string }) => {
            const next = new URLSearchParams();
            if (values.phone?.trim()) next.set('phone', values.phone.trim());
            if (values.code?.trim()) next.set('code', values.code.trim());
            setParams(next);
          }}
        >
          <Form.Item name="phone" label="手机号">
            <Input allowClear maxLength={11} inputMode="numeric" />
          </Form.Item>
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
          label="支付链接"
          items={links.data?.content}
          rowKey={(link) => link.ordersCode}
          columns={columns}
          isLoading={links.isFetching}
          emptyText="暂无支付链接"
          paging={{
            page: query.page,
            pageSize: GUEST_LINK_PAGE_SIZE,
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
              <CardLine label="手机号">{link.phone}</CardLine>
              <CardLine label="收货人">{link.consignee}</CardLine>
              <CardLine label="金额">
                {yuan(link.sum)} · {PAYMENT_TYPE_NAME[link.paymentType] ?? ''}
              </CardLine>
              <CardLine label="有效期至">{formatDateTime(link.expiresAt, 'MM-DD HH:mm')}</CardLine>
              {isLive(link) ? <div className="guest-link__end">{endButton(link)}</div> : null}
            </div>
          )}
        />
      </section>
    </div>
  );
}
