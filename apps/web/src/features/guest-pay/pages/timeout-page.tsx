import { ClockCircleOutlined } from '@ant-design/icons';
import { GUEST_PAY_MSG } from '@anxin/shared/guest-pay/guest-pay.constants';
import { Button } from 'antd';
import { Link } from 'react-router';
import { openChat } from '../../chat/index.ts';
import { GuestOutcome, GuestPayFrame } from '../components/guest-pay-frame.tsx';
import { useGuestPayPaths } from '../lib/guest-pay-paths.ts';

// 返回首页 leaves the flow: it loads the site's page afresh (`reloadDocument`), the flow's pages being a script of
// their own (app/guest-router.tsx). Only on the desktop: the site's pages do not fit a phone.

/**
 * /timeout (and /m/timeout): the link's bind window has passed; customer service places the order again. 联系客服
 * opens the chat (the frame's footer keeps the 24-hour hotline).
 */
export function TimeoutPage() {
  const { home } = useGuestPayPaths();
  return (
    <GuestPayFrame title="订单确认">
      <GuestOutcome
        testId="guest-timeout"
        icon={<ClockCircleOutlined />}
        tone="muted"
        title={GUEST_PAY_MSG.linkTimedOut}
        text="为保障您的账户与用药安全，下单链接需在规定时间内确认。"
        action={
          <>
            <Button type="primary" size="large" onClick={(event) => openChat({}, event.currentTarget)}>
              联系客服
            </Button>
            {home ? (
              <Link to={home} reloadDocument>
                <Button size="large">返回首页</Button>
              </Link>
            ) : null}
          </>
        }
      />
    </GuestPayFrame>
  );
}
