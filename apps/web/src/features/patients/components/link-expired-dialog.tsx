import { hotlineHref } from '@anxin/shared/mall/mall-config.rules';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMallConfig } from '../../mall/index.ts';

/**
 * / the UI texts: the link is past its time (72 h, chronic 24 h), the order was canceled or the chronic link
 * was already used: 链接已失效 with 返回首页 · 联系客服 (which shows the hotline, a tap dials it on a phone).
 */
export function LinkExpiredDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const [isHotlineShown, setIsHotlineShown] = useState(false);
  // The customer-service line of the whole site (the mall configuration).
  const { hotline } = useMallConfig();
  return (
    <Modal
      open={open}
      title="链接已失效"
      closable={false}
      maskClosable={false}
      keyboard={false}
      centered
      width={360}
      className="link-expired"
      footer={[
        <Button key="home" onClick={() => navigate('/')}>
          返回首页
        </Button>,
        <Button key="service" type="primary" onClick={() => setIsHotlineShown(true)}>
          联系客服
        </Button>,
      ]}
    >
      <p className="link-expired__text">该链接已超过有效期或订单已取消，无法继续提交。</p>
      {isHotlineShown ? (
        <p className="link-expired__hotline">
          客服热线：<a href={hotlineHref(hotline)}>{hotline}</a>（8:00-23:00）
        </p>
      ) : null}
    </Modal>
  );
}
