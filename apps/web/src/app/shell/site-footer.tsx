import {
  CarOutlined,
  CustomerServiceOutlined,
  EyeInvisibleOutlined,
  MedicineBoxOutlined,
  SafetyCertificateOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { openChat } from '../../features/chat/index.ts';
import { useMallConfig } from '../../features/mall/index.ts';
import { useCurrentYear } from '../../lib/use-current-year.ts';

type HelpLink = { label: string; to: string };
type HelpColumn = { title: string; links: HelpLink[] };

// Help texts are protocol texts served by the API (GET /v2/protocols), shown on the agreement page.
const HELP_COLUMNS: HelpColumn[] = [
  {
    title: '购物指南',
    links: [
      { label: '免费注册', to: '/user/register' },
      { label: '购物流程', to: '/agreement/shopping-guide' },
      { label: '用户服务协议', to: '/agreement/user-service' },
    ],
  },
  {
    title: '配送方式',
    links: [
      { label: '配送范围及时效', to: '/agreement/delivery-scope' },
      { label: '运费说明', to: '/agreement/delivery-fee' },
    ],
  },
  {
    title: '支付方式',
    links: [
      { label: '在线支付', to: '/agreement/online-payment' },
      { label: '发票说明', to: '/agreement/invoice' },
    ],
  },
  {
    title: '售后服务',
    links: [
      { label: '退换货政策', to: '/agreement/return-policy' },
      { label: '退款说明', to: '/agreement/refund' },
    ],
  },
  {
    title: '关于我们',
    links: [
      { label: '公司简介', to: '/agreement/about-us' },
      { label: '隐私政策', to: '/agreement/privacy' },
      { label: '商家入驻', to: '/merchants/entry' },
    ],
  },
];

const PROMISES = [
  { icon: <SafetyCertificateOutlined />, title: '正品保障', text: '药品均来自正规渠道' },
  { icon: <MedicineBoxOutlined />, title: '药师服务', text: '执业药师在线指导用药' },
  { icon: <EyeInvisibleOutlined />, title: '隐私配送', text: '包装不显示商品信息' },
  { icon: <CarOutlined />, title: '极速发货', text: '现货订单当日发出' },
];

// The dialog (and antd's Modal) loads on the first click, not with every page.
const OfficialQrDialog = lazy(async () => ({ default: (await import('./official-qr-dialog.tsx')).OfficialQrDialog }));

/**
 * `simple` (sign-in pages) keeps the hotlines, 联系客服 (the chat), the official account and the copyright. 联系客服
 * carries no unread badge: the footer is on every page, and the badge's code would be in every page's first load
 * (the member centre's header shows it).
 */
export function SiteFooter({ variant = 'full' }: { variant?: 'full' | 'simple' }) {
  const [isQrOpen, setIsQrOpen] = useState(false);
  const [hasQrOpened, setHasQrOpened] = useState(false);
  const year = useCurrentYear();
  const { hotline, returnsHotline } = useMallConfig();
  const isFull = variant === 'full';
  const openQr = () => {
    setHasQrOpened(true);
    setIsQrOpen(true);
  };

  return (
    <footer className={isFull ? 'site-footer' : 'site-footer site-footer--simple'}>
      {isFull ? (
        <div className="site-footer__promises">
          <ul className="container site-footer__promise-list">
            {PROMISES.map((promise) => (
              <li key={promise.title} className="site-footer__promise">
                <span className="site-footer__promise-icon">{promise.icon}</span>
                <span>
                  <strong>{promise.title}</strong>
                  <small>{promise.text}</small>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="container site-footer__main">
        {isFull ? (
          <nav className="site-footer__help" aria-label="帮助中心">
            {HELP_COLUMNS.map((column) => (
              <div key={column.title} className="site-footer__column">
                <h3>{column.title}</h3>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        ) : null}
        <div className="site-footer__service">
          <div className="site-footer__hotline">
            <CustomerServiceOutlined />
            <div>
              <span>订购热线（8:00-23:00）</span>
              <strong>{hotline}</strong>
            </div>
          </div>
          <div className="site-footer__hotline">
            <CustomerServiceOutlined />
            <div>
              <span>退换货热线（9:00-21:00）</span>
              <strong>{returnsHotline}</strong>
            </div>
          </div>
          <button type="button" className="site-footer__pill link-button" onClick={() => openChat()}>
            <CustomerServiceOutlined /> 联系客服
          </button>
          <button type="button" className="site-footer__pill link-button" onClick={openQr}>
            <WechatOutlined /> 官方公众号
          </button>
        </div>
      </div>
      <div className="site-footer__copyright">
        <div className="container">Copyright © {year} 安心大药房 版权所有</div>
      </div>
      {hasQrOpened ? (
        <Suspense fallback={null}>
          <OfficialQrDialog isOpen={isQrOpen} onClose={() => setIsQrOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
