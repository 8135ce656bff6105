import {
  CarOutlined,
  CommentOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  InboxOutlined,
  RightOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { formatYuan } from '@anxin/shared/common/money';
import { maskPhone } from '@anxin/shared/common/phone';
import { cutNickname } from '@anxin/shared/common/text';
import { linesForDisplay } from '@anxin/shared/orders/order-status';
import { Avatar, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useElderlyMode } from '../../../lib/elderly-mode.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type Order, OrderActions, type OrderCounts, useOrderCounts, useOrders, withKeys } from '../../orders/index.ts';
import '../member-home.css';
import { GiftBanner } from '../../assets/index.ts';
import { ChatButton } from '../../chat/index.ts';
import { ElderlyModeSwitch } from '../../elderly-mode/index.ts';
import { useMemberVo } from '../../profile/index.ts';
import { useMemberCounts } from '../api/get-member-counts.ts';

/** Shown instead of a number while its call is pending, failed or not there: never a made-up 0. */
const NO_VALUE = '—';
/** The member home shows the latest 4 orders. */
const RECENT_ORDER_COUNT = 4;
const NICKNAME_DISPLAY_LENGTH = 6;

const ORDER_BADGES: { key: keyof OrderCounts; label: string; icon: ReactNode }[] = [
  { key: 'waitPay', label: '待付款', icon: <WalletOutlined /> },
  { key: 'waitDelivery', label: '待发货', icon: <InboxOutlined /> },
  { key: 'waitReceiving', label: '待收货', icon: <CarOutlined /> },
  { key: 'waitEvaluate', label: '待评价', icon: <CommentOutlined /> },
];

function showCount(value: number | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : NO_VALUE;
}

function ProfileCard() {
  const { data: member, isPending, isError } = useMemberVo();
  const { data: counts } = useMemberCounts();
  const name = member?.nickName || member?.memberName || '';

  const assets: { label: string; value: number | undefined; path?: string }[] = [
    { label: '我的收藏', value: counts?.favorites, path: '/user/order/collect' },
    { label: '健康补贴', value: counts?.coupons, path: '/user/account/coupon' },
    { label: '健康币', value: counts?.coins, path: '/user/account/coin' },
  ];

  return (
    <section className="card member-profile">
      <div className="member-profile__identity">
        {isPending ? (
          <Skeleton avatar={{ size: 80 }} active paragraph={{ rows: 1 }} />
        ) : (
          <>
            <Avatar
              size={80}
              src={member?.avatar}
              icon={<UserOutlined />}
              className="member-profile__avatar"
              alt="头像"
            />
            <div className="member-profile__text">
              <h2 className="member-profile__name" title={name}>
                {isError ? NO_VALUE : cutNickname(name || '安心会员', NICKNAME_DISPLAY_LENGTH)}
              </h2>
              <p className="member-profile__phone">
                手机号：{member?.phoneStr ? maskPhone(member.phoneStr) : NO_VALUE}
              </p>
              <p className="member-profile__links">
                <Link to="/user/personal/addInfo/info">个人资料</Link>
                <Link to="/user/personal/safe">账户安全</Link>
                <Link to="/user/personal/address">收货地址</Link>
                <ElderlyModeSwitch />
              </p>
            </div>
          </>
        )}
      </div>
      <ul className="member-profile__assets">
        {assets.map((asset) => (
          <li key={asset.label}>
            {asset.path ? (
              <Link to={asset.path} className="member-profile__asset-link">
                <strong data-testid={`count-${asset.label}`}>{showCount(asset.value)}</strong>
                <span>{asset.label}</span>
              </Link>
            ) : (
              <>
                <strong data-testid={`count-${asset.label}`}>{showCount(asset.value)}</strong>
                <span>{asset.label}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderBadges() {
  const { data: counts } = useOrderCounts();
  return (
    <section className="card">
      <header className="card__header">
        <h3 className="card__title">我的订单</h3>
        <Link to="/user/order/mine/all" className="card__more">
          查看全部订单 <RightOutlined />
        </Link>
      </header>
      <ul className="order-badges">
        {ORDER_BADGES.map((badge) => {
          const value = counts?.[badge.key];
          return (
            <li key={badge.key}>
              <Link to={`/user/order/mine/${badge.key}`} className="order-badge">
                <span className="order-badge__icon">
                  {badge.icon}
                  {typeof value === 'number' && value > 0 ? (
                    <span className="order-badge__dot">{value > 99 ? '99+' : value}</span>
                  ) : null}
                </span>
                <span className="order-badge__label">{badge.label}</span>
                <span className="order-badge__count" data-testid={`order-count-${badge.key}`}>
                  {showCount(value)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RecentOrderRow({ order }: { order: Order }) {
  const products = linesForDisplay(order.orderProducts ?? []);
  const detailPath = `/user/order/detail/${encodeURIComponent(order.ordersCode)}`;
  return (
    <li className="recent-order" data-testid="recent-order">
      <div className="recent-order__meta">
        <span>{formatDateTime(order.creationDate, 'YYYY-MM-DD HH:mm') || NO_VALUE}</span>
        <span>订单号：{order.ordersCode}</span>
      </div>
      <div className="recent-order__body recent-order__body--actions">
        <Link to={detailPath} className="recent-order__products">
          {withKeys(products.slice(0, 3)).map(({ key, line: product }) =>
            product.productImageUrl ? (
              <img key={key} src={product.productImageUrl} alt={product.productName} width={64} height={64} />
            ) : null,
          )}
          {products.length === 1 ? (
            <span className="recent-order__product-name">{products[0]?.productName}</span>
          ) : null}
          {products.length > 1 ? <span className="recent-order__more">共{products.length}种商品</span> : null}
        </Link>
        <span className="recent-order__sum">¥{Number.isSafeInteger(order.sum) ? formatYuan(order.sum) : NO_VALUE}</span>
        <span className="recent-order__status">
          {order.orderStatusName}
          <Link to={detailPath} className="recent-order__detail">
            订单详情
          </Link>
        </span>
        <OrderActions order={order} />
      </div>
    </li>
  );
}

function RecentOrders() {
  const { data, isPending, isError } = useOrders({ type: 'all', page: 1, size: RECENT_ORDER_COUNT });
  const orders = data?.content ?? [];

  let body: ReactNode;
  if (isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (isError) body = <p className="card__empty">{NO_VALUE} 最近订单暂时无法获取，请稍后刷新</p>;
  else if (orders.length === 0)
    body = (
      <p className="card__empty">
        暂无订单，<Link to="/">去首页逛逛</Link>
      </p>
    );
  else
    body = (
      <ul className="recent-orders">
        {orders.slice(0, RECENT_ORDER_COUNT).map((order) => (
          <RecentOrderRow key={order.ordersCode} order={order} />
        ))}
      </ul>
    );

  return (
    <section className="card">
      <header className="card__header">
        <h3 className="card__title">最近订单</h3>
        <Link to="/user/order/mine/all" className="card__more">
          全部订单 <RightOutlined />
        </Link>
      </header>
      {body}
    </section>
  );
}

/** 长辈模式's main actions, each a large tile: what a member most often comes to the member centre for. */
const MAIN_ACTIONS = [
  { path: '/user/order/mine/all', label: '我的订单', icon: <FileTextOutlined /> },
  { path: '/user/patientInfo', label: '用药人', icon: <TeamOutlined /> },
  { path: '/user/personal/address', label: '收货地址', icon: <EnvironmentOutlined /> },
  { path: '/user/personal/safe', label: '账户安全', icon: <SafetyOutlined /> },
];

/** The member home in 长辈模式: who is signed in, the main actions and 联系客服, the latest orders; nothing else. */
function ElderlyMemberHome() {
  const { data: member } = useMemberVo();
  const name = member?.nickName || member?.memberName || '安心会员';
  return (
    <div className="member-home member-home--elderly">
      <section className="card member-actions" aria-labelledby="member-actions-title">
        <header className="card__header">
          <h2 id="member-actions-title" className="card__title">
            您好，{cutNickname(name, NICKNAME_DISPLAY_LENGTH)}
          </h2>
          <ElderlyModeSwitch />
        </header>
        <ul className="member-actions__list">
          {MAIN_ACTIONS.map((action) => (
            <li key={action.path}>
              <Link to={action.path} className="member-actions__item">
                {action.icon}
                {action.label}
              </Link>
            </li>
          ))}
          <li>
            <ChatButton className="member-actions__item" type="text" />
          </li>
        </ul>
      </section>
      <RecentOrders />
    </div>
  );
}

/**
 * /user: who the member is, order badges, asset counts and the latest 4 orders; in 长辈模式 only the main
 * actions and the latest orders (ElderlyMemberHome).
 */
export function MemberHomePage() {
  const isElderlyMode = useElderlyMode();
  if (isElderlyMode) return <ElderlyMemberHome />;
  return (
    <div className="member-home">
      <ProfileCard />
      <GiftBanner />
      <OrderBadges />
      <RecentOrders />
    </div>
  );
}
