import { CarOutlined, CheckCircleOutlined, ForkOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import {
  type ConsoleOrderAction,
  type ConsoleOrderDetail,
  logisticsBodySchema,
  shipBodySchema,
} from '@anxin/shared/staff/console.contract';
import type { StaffPermission } from '@anxin/shared/staff/staff-roles';
import { Alert, AutoComplete, Button, Form, Input, Modal, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { yuan } from '../../../lib/format.ts';
import { type OrderAct, useOrderAct } from '../api/order-acts.ts';
import { requiredFieldRules } from '../lib/field-rules.ts';
import { hasPermission, useStaff } from '../lib/use-staff.ts';

/** The carriers a warehouse most often hands parcels to; any other may be typed. */
const CARRIERS = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '韵达快递', '申通快递', '极兔速递', 'EMS'];

const ACT_PERMISSION: Record<ConsoleOrderAction, StaffPermission> = {
  ship: 'orders.ship',
  logistics: 'orders.logistics',
  deliver: 'orders.deliver',
  split: 'orders.split',
  refund: 'orders.refund',
  refundComplete: 'orders.refund',
};

type Dialog = 'ship' | 'logistics' | 'split' | null;

/**
 * The acts the order's state allows (its `actions`) and the staff member's permissions cover: a refund above
 * the service's limit needs the admin's. The server checks both again.
 */
export function OrderActs({ order }: { order: ConsoleOrderDetail }) {
  const staff = useStaff().data;
  const act = useOrderAct(order.ordersCode);
  const { message, modal } = useFeedback();
  const [dialog, setDialog] = useState<Dialog>(null);

  const refundNeedsAdmin = order.isRefundAboveLimit && !hasPermission(staff, 'orders.refund.unlimited');
  const allowed = order.actions.filter((action) => {
    if (!hasPermission(staff, ACT_PERMISSION[action])) return false;
    return !((action === 'refund' || action === 'refundComplete') && refundNeedsAdmin);
  });
  const isRefundHidden =
    refundNeedsAdmin && order.actions.some((action) => action === 'refund' || action === 'refundComplete');

  /** Sends an act; answers whether it went through (a dialog stays open otherwise). */
  const run = async (orderAct: OrderAct, done: string): Promise<boolean> => {
    try {
      await act.mutateAsync(orderAct);
      message.success(done);
      return true;
    } catch (error) {
      message.error(getErrorMessage(error));
      return false;
    }
  };

  const confirm = (title: string, content: string, okText: string, orderAct: OrderAct, done: string) => {
    modal.confirm({ title, content, okText, cancelText: '取消', onOk: () => run(orderAct, done) });
  };

  const buttons: Record<ConsoleOrderAction, ReactNode> = {
    ship: (
      <Button type="primary" icon={<CarOutlined />} onClick={() => setDialog('ship')}>
        发货
      </Button>
    ),
    logistics: (
      <Button icon={<PlusOutlined />} onClick={() => setDialog('logistics')}>
        追加物流
      </Button>
    ),
    deliver: (
      <Button
        icon={<CheckCircleOutlined />}
        onClick={() =>
          confirm('确认已签收？', '订单将标记为已签收（待评价）。', '确认签收', { kind: 'deliver' }, '已标记签收')
        }
      >
        标记签收
      </Button>
    ),
    split: (
      <Button icon={<ForkOutlined />} onClick={() => setDialog('split')}>
        拆分订单
      </Button>
    ),
    refund: (
      <Button
        danger
        icon={<RollbackOutlined />}
        onClick={() =>
          confirm(
            '确认发起退款？',
            `将向会员退款 ${yuan(order.sum)}，订单进入退款中。`,
            '发起退款',
            { kind: 'refund', body: {} },
            '已发起退款',
          )
        }
      >
        退款
      </Button>
    ),
    refundComplete: (
      <Button
        danger
        icon={<CheckCircleOutlined />}
        onClick={() =>
          confirm(
            '确认退款已到账？',
            `${yuan(order.sum)} 已退回会员，订单将标记为退款完成。`,
            '退款完成',
            { kind: 'refund', body: { complete: true } },
            '已标记退款完成',
          )
        }
      >
        退款完成
      </Button>
    ),
  };

  if (allowed.length === 0 && !isRefundHidden) return null;
  return (
    <div className="order-acts">
      {allowed.length > 0 ? (
        <div className="order-acts__buttons">
          {allowed.map((action) => (
            <span key={action}>{buttons[action]}</span>
          ))}
        </div>
      ) : null}
      {isRefundHidden ? <Alert type="info" showIcon title={MSG.consoleRefundOverLimit} /> : null}
      <ShipDialog
        isOpen={dialog === 'ship'}
        isSending={act.isPending}
        onClose={() => setDialog(null)}
        onSend={async (body) => (await run({ kind: 'ship', body }, '已发货')) && setDialog(null)}
      />
      <LogisticsDialog
        isOpen={dialog === 'logistics'}
        isSending={act.isPending}
        onClose={() => setDialog(null)}
        onSend={async (body) => (await run({ kind: 'logistics', body }, '已追加物流信息')) && setDialog(null)}
      />
      <SplitDialog
        order={order}
        isOpen={dialog === 'split'}
        isSending={act.isPending}
        onClose={() => setDialog(null)}
        onSend={async (body) => (await run({ kind: 'split', body }, '订单已拆分')) && setDialog(null)}
      />
    </div>
  );
}

type DialogProps<T> = { isOpen: boolean; isSending: boolean; onClose: () => void; onSend: (body: T) => void };

function ShipDialog({ isOpen, isSending, onClose, onSend }: DialogProps<{ carrier: string; waybill: string }>) {
  const [form] = Form.useForm<{ carrier: string; waybill: string }>();
  return (
    <Modal
      title="发货"
      open={isOpen}
      onCancel={onClose}
      okText="确认发货"
      cancelText="取消"
      confirmLoading={isSending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="console-ship"
        layout="vertical"
        requiredMark={false}
        preserve={false}
        onFinish={(values) => onSend({ carrier: values.carrier.trim(), waybill: values.waybill.trim() })}
      >
        <Form.Item
          name="carrier"
          label="快递公司"
          rules={requiredFieldRules(shipBodySchema.shape.carrier, MSG.consoleCarrierInvalid)}
        >
          <AutoComplete
            options={CARRIERS.map((carrier) => ({ value: carrier }))}
            placeholder="选择或输入快递公司"
            maxLength={20}
          />
        </Form.Item>
        <Form.Item
          name="waybill"
          label="运单号"
          rules={requiredFieldRules(shipBodySchema.shape.waybill, MSG.consoleWaybillInvalid)}
        >
          <Input maxLength={30} spellCheck={false} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LogisticsDialog({ isOpen, isSending, onClose, onSend }: DialogProps<{ text: string }>) {
  const [form] = Form.useForm<{ text: string }>();
  return (
    <Modal
      title="追加物流信息"
      open={isOpen}
      onCancel={onClose}
      okText="追加"
      cancelText="取消"
      confirmLoading={isSending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="console-logistics"
        layout="vertical"
        requiredMark={false}
        preserve={false}
        onFinish={(values) => onSend({ text: values.text.trim() })}
      >
        <Form.Item
          name="text"
          label="物流信息"
          extra="会员在订单详情中看到这条信息，例如：快件已到达【上海转运中心】"
          rules={requiredFieldRules(logisticsBodySchema.shape.text, MSG.consoleLogisticsTextInvalid)}
        >
          <Input.TextArea rows={3} maxLength={100} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 拆分订单: each product into one of the sub-orders, by default one per product. Every sub-order must get at
 * least one product and there must be two at least (the server says so too).
 */
function SplitDialog({
  order,
  isOpen,
  isSending,
  onClose,
  onSend,
}: DialogProps<{ groups?: string[][] }> & { order: ConsoleOrderDetail }) {
  const lines = order.lines;
  const [groupOf, setGroupOf] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const groupOptions = lines.map((_, index) => ({ value: index + 1, label: `子订单${index + 1}` }));
  const chosen = (code: string, index: number) => groupOf[code] ?? index + 1;

  const handleOk = () => {
    const groups = new Map<number, string[]>();
    lines.forEach((line, index) => {
      const group = chosen(line.productCode, index);
      groups.set(group, [...(groups.get(group) ?? []), line.productCode]);
    });
    if (groups.size < 2) {
      setError(MSG.consoleSplitInvalid);
      return;
    }
    setError(null);
    onSend({ groups: [...groups.entries()].sort(([a], [b]) => a - b).map(([, codes]) => codes) });
  };

  return (
    <Modal
      title="拆分订单"
      open={isOpen}
      onCancel={onClose}
      okText="确认拆分"
      cancelText="取消"
      confirmLoading={isSending}
      onOk={handleOk}
      afterClose={() => {
        setGroupOf({});
        setError(null);
      }}
    >
      <p className="console-muted">为每件商品选择所属的子订单，默认每件商品单独成单。</p>
      <ul className="split-lines">
        {lines.map((line, index) => (
          <li key={line.productCode}>
            <span className="split-lines__name">
              {line.productName} × {line.amount}
            </span>
            <Select
              aria-label={`${line.productName}所属子订单`}
              value={chosen(line.productCode, index)}
              options={groupOptions}
              onChange={(group: number) => setGroupOf((current) => ({ ...current, [line.productCode]: group }))}
            />
          </li>
        ))}
      </ul>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
