import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { openChat, useIsChatOpen } from '../../chat/index.ts';

/**
 * / the UI texts: the link is past its time (72 h, chronic 24 h), the order was canceled or the chronic link
 * was already used: 链接已失效 with 返回首页 · 联系客服 (the online-service chat over the page, about the link's
 * order when the page knows it).
 */
export function LinkExpiredDialog({ open, ordersCode }: { open: boolean; ordersCode?: string }) {
  const navigate = useNavigate();
  const isChatOpen = useIsChatOpen();
  return (
    <Modal
      open={open}
      title="链接已失效"
      closable={false}
      maskClosable={false}
      keyboard={false}
      // The chat window opened by 联系客服 sits over the dialog and takes the focus while it is open.
      focusable={{ trap: !isChatOpen }}
      centered
      width={360}
      className="link-expired"
      footer={[
        <Button key="home" onClick={() => navigate('/')}>
          返回首页
        </Button>,
        <Button key="service" type="primary" onClick={(event) => openChat({ ordersCode }, event.currentTarget)}>
          联系客服
        </Button>,
      ]}
    >
      <p className="link-expired__text">该链接已超过有效期或订单已取消，无法继续提交。</p>
    </Modal>
  );
}
