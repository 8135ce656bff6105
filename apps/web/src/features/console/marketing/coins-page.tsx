import { SearchOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import {
  COIN_ADJUSTMENT_PAGE_SIZE,
  COIN_REASON_MAX_LENGTH,
  type CoinAdjustment,
  coinAdjustBodySchema,
  coinAdjustmentQuerySchema,
  MARKETING_MSG,
} from '@anxin/shared/staff/console-assets.contract';
import { Alert, Button, Form, Input, InputNumber } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, pageFromParam } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { requiredFieldRules } from '../lib/field-rules.ts';
import { useAdjustCoins, useCoinAdjustments } from './marketing-api.ts';
import { coinChangeText, numberRules } from './marketing-form-rules.ts';
import './marketing.css';

const shape = coinAdjustBodySchema.shape;

type AdjustValues = { phone: string; amount: number; reason: string };

function Amount({ amount }: { amount: number }) {
  return (
    <span className={amount > 0 ? 'coin-amount coin-amount--plus' : 'coin-amount coin-amount--minus'}>
      {amount > 0 ? `+${amount}` : amount}
    </span>
  );
}

/** 调整健康币: a member's coins given or taken back with the reason the member reads in their coin history. */
function AdjustCard() {
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAdjustCoins();
  const { message, modal } = useFeedback();

  const handleAdjust = (values: AdjustValues) => {
    const body = { phone: values.phone.trim(), amount: values.amount, reason: values.reason.trim() };
    modal.confirm({
      title: '确认调整健康币？',
      content: `为 ${body.phone} ${coinChangeText(body.amount)}，原因：${body.reason}`,
      okText: '确认调整',
      cancelText: '取消',
      onOk: async () => {
        try {
          const { adjustment, balance } = await adjust.mutateAsync(body);
          message.success(`已为 ${adjustment.phone} ${coinChangeText(adjustment.amount)}，当前余额 ${balance}`);
          form.resetFields();
        } catch (error) {
          message.error(getErrorMessage(error));
        }
      },
    });
  };

  return (
    <section className="card" aria-labelledby="coin-adjust-title">
      <h2 id="coin-adjust-title" className="card__title marketing__title">
        调整健康币
      </h2>
      <Form
        form={form}
        name="console-coin-adjust"
        layout="vertical"
        requiredMark={false}
        onFinish={handleAdjust}
        className="marketing-fields"
      >
        <Form.Item name="phone" label="会员手机号" rules={requiredFieldRules(shape.phone, MSG.phoneEmpty)}>
          <Input maxLength={11} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="amount"
          label="调整数量"
          extra="增加填正数，扣减填负数；扣减后余额不能小于 0"
          rules={numberRules(shape.amount, MARKETING_MSG.coinAmountInvalid)}
        >
          <InputNumber precision={0} className="marketing-number" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="调整原因"
          extra="会员在健康币明细中看到"
          rules={requiredFieldRules(shape.reason, MARKETING_MSG.coinReasonEmpty)}
        >
          <Input maxLength={COIN_REASON_MAX_LENGTH} autoComplete="off" placeholder="如 活动奖励、客服补偿" />
        </Form.Item>
        <Form.Item label=" " className="marketing-fields__submit">
          <Button type="primary" htmlType="submit" loading={adjust.isPending}>
            调整
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}

/** 健康币: an adjustment with its reason, and the operators' adjustments so far, newest first. */
export function CoinsPage() {
  const [params, setParams] = useSearchParams();
  const query = { phone: params.get('phone') || undefined, page: pageFromParam(params.get('page')) };
  const adjustments = useCoinAdjustments(query);

  const columns: ColumnsType<CoinAdjustment> = [
    { title: '时间', dataIndex: 'at', render: (at: string) => formatDateTime(at, 'YYYY-MM-DD HH:mm') },
    { title: '会员手机号', dataIndex: 'phone' },
    { title: '数量', dataIndex: 'amount', align: 'right', render: (amount: number) => <Amount amount={amount} /> },
    { title: '原因', dataIndex: 'reason' },
    { title: '操作人', dataIndex: 'adjustedBy' },
  ];

  return (
    <div className="console-page">
      <AdjustCard />
      <section className="card" aria-labelledby="coin-adjustments-title">
        <h2 id="coin-adjustments-title" className="card__title marketing__title">
          调整记录
        </h2>
        <Form
          name="console-coin-search"
          layout="vertical"
          className="console-toolbar console-search marketing-search"
          initialValues={{ phone: query.phone }}
          onFinish={(values: { phone?: string }) => {
            const next = new URLSearchParams();
            if (values.phone?.trim()) next.set('phone', values.phone.trim());
            setParams(next);
          }}
        >
          <Form.Item
            name="phone"
            label="手机号（开头几位即可）"
            rules={[zodRule(coinAdjustmentQuerySchema.shape.phone)]}
          >
            <Input allowClear maxLength={11} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item label=" " className="console-search__actions">
            <Button htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
          </Form.Item>
        </Form>
        {adjustments.isError ? <Alert type="error" showIcon title={getErrorMessage(adjustments.error)} /> : null}
        <RowsView
          label="健康币调整记录"
          items={adjustments.data?.content}
          rowKey={(item) => String(item.id)}
          columns={columns}
          isLoading={adjustments.isFetching}
          emptyText="没有调整记录"
          paging={{
            page: query.page,
            pageSize: COIN_ADJUSTMENT_PAGE_SIZE,
            total: adjustments.data?.totalElements ?? 0,
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            },
          }}
          card={(item) => (
            <div className="console-card">
              <span className="console-card__head">
                <span>{item.phone}</span>
                <Amount amount={item.amount} />
              </span>
              <CardLine label="原因">{item.reason}</CardLine>
              <CardLine label="操作人">{item.adjustedBy}</CardLine>
              <CardLine label="时间">{formatDateTime(item.at, 'YYYY-MM-DD HH:mm')}</CardLine>
            </div>
          )}
        />
      </section>
    </div>
  );
}
