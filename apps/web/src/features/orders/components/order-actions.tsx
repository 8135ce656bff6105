import { MSG } from '@anxin/shared/common/messages';
import { ORDER_ACTION_LABEL, type OrderAction, payTargetFor } from '@anxin/shared/orders/order-status';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, getFailureMessage } from '../../../lib/api-client.ts';
import { ChatUnreadBadge, openChat } from '../../chat/index.ts';
import { useMallConfig } from '../../mall/index.ts';
import { inquiryUrlFor, usePayNow } from '../../payments/index.ts';
import { useMemberVo } from '../../profile/index.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useConfirmReceipt } from '../api/confirm-receipt.ts';
import { useDeleteOrder } from '../api/delete-order.ts';
import type { Order } from '../api/get-orders.ts';
import { useRebuyOrder } from '../api/rebuy-order.ts';
import './order-actions.css';

type OrderActionsProps = {
  order: Pick<Order, 'ordersCode' | 'actions' | 'isRxDrug' | 'prescription'>;
  layout?: 'column' | 'row';
  /** Called after the order was deleted (the detail page leaves). */
  onDeleted?: () => void;
};

const PRIMARY: OrderAction[] = ['pay', 'confirmReceipt', 'evaluate'];
const QUIET: OrderAction[] = ['cancel', 'delete'];

/** The buttons for one order, each with its confirmation where it changes something. */
export function OrderActions({ order, layout = 'column', onDeleted }: OrderActionsProps) {
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const member = useMemberVo();
  const cancel = useCancelOrder();
  const remove = useDeleteOrder();
  const receive = useConfirmReceipt();
  const rebuy = useRebuyOrder();
  const pay = usePayNow();
  const mallConfig = useMallConfig();
  const code = order.ordersCode;

  const run = async (action: OrderAction) => {
    switch (action) {
      case 'pay': {
        if (payTargetFor({ isRxDrug: order.isRxDrug, isPrescriptionComplete: order.prescription }) === 'inquiry') {
          navigate(inquiryUrlFor(code));
          return;
        }
        const userId = Number(member.data?.accountId);
        try {
          const { payUrl } = await pay.mutateAsync({ userId, orderCodes: [code] });
          window.location.assign(payUrl);
        } catch (error) {
          message.error(getErrorMessage(error, MSG.requestError));
        }
        return;
      }
      case 'cancel':
        modal.confirm({
          title: '确定要取消该订单吗？',
          content: '订单取消后无法恢复，如需购买请重新下单。',
          okText: '取消订单',
          cancelText: '再想想',
          okButtonProps: { danger: true },
          onOk: () =>
            cancel.mutateAsync(code).then(
              () => message.success(MSG.orderCanceled),
              (error) => message.error(getErrorMessage(error, MSG.requestError)),
            ),
        });
        return;
      case 'delete':
        modal.confirm({
          title: '确定要删除该订单吗？',
          content: '删除后订单将不在订单列表中显示。',
          okText: '删除订单',
          cancelText: '取消',
          okButtonProps: { danger: true },
          onOk: () =>
            remove.mutateAsync(code).then(
              () => {
                message.success(MSG.orderDeleted);
                onDeleted?.();
              },
              (error) => message.error(getErrorMessage(error, MSG.requestError)),
            ),
        });
        return;
      case 'confirmReceipt':
        modal.confirm({
          title: '确认已收到商品了吗？',
          content: '请在收到全部商品并检查无误后再确认收货。',
          okText: '确认收货',
          cancelText: '取消',
          onOk: () =>
            receive.mutateAsync(code).then(
              () => message.success(MSG.orderReceived),
              (error) => message.error(getErrorMessage(error, MSG.requestError)),
            ),
        });
        return;
      case 'evaluate':
        navigate(`/user/order/evaluate/${encodeURIComponent(code)}`);
        return;
      case 'rebuy':
      case 'resubmit':
        try {
          await rebuy.mutateAsync(code);
          navigate('/cart');
        } catch (error) {
          message.error(getFailureMessage(error, MSG.rebuyFailed));
        }
        return;
      case 'contact':
        // The chat window about this order, over the page; 请药师回电 in it while the mall offers call backs.
        openChat({ ordersCode: code, offersCallback: mallConfig.callbackAvailable });
        return;
    }
  };

  const isBusy = (action: OrderAction) =>
    (action === 'pay' && pay.isPending) || ((action === 'rebuy' || action === 'resubmit') && rebuy.isPending);

  // With the mall's onlinePay off the server starts no payment: 立即付款 gives way to a note. A prescription
  // order whose inquiry is incomplete keeps it, since it leads to the inquiry first.
  const isPayPaused =
    !mallConfig.onlinePay &&
    order.actions.includes('pay') &&
    payTargetFor({ isRxDrug: order.isRxDrug, isPrescriptionComplete: order.prescription }) === 'pay';
  const buttons = order.actions.filter((action) => !QUIET.includes(action) && !(action === 'pay' && isPayPaused));
  const quiet = order.actions.filter((action) => QUIET.includes(action));
  if (order.actions.length === 0) return null;
  return (
    <div className={layout === 'row' ? 'order-actions order-actions--row' : 'order-actions'}>
      {isPayPaused ? (
        <span className="order-actions__note" data-testid="order-pay-paused">
          在线支付暂停使用
        </span>
      ) : null}
      {buttons.map((action) => (
        <Button
          key={action}
          type={PRIMARY.includes(action) ? 'primary' : 'default'}
          size={layout === 'row' ? 'middle' : 'small'}
          loading={isBusy(action)}
          onClick={() => void run(action)}
          data-testid={`order-action-${action}`}
        >
          {ORDER_ACTION_LABEL[action]}
          {action === 'contact' ? <ChatUnreadBadge /> : null}
        </Button>
      ))}
      {quiet.map((action) =>
        layout === 'row' ? (
          <Button key={action} onClick={() => void run(action)} data-testid={`order-action-${action}`}>
            {ORDER_ACTION_LABEL[action]}
          </Button>
        ) : (
          <button
            key={action}
            type="button"
            className="link-button order-actions__text-link"
            onClick={() => void run(action)}
            data-testid={`order-action-${action}`}
          >
            {ORDER_ACTION_LABEL[action]}
          </button>
        ),
      )}
    </div>
  );
}
