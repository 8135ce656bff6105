import { EnvironmentOutlined, ProfileOutlined, SafetyOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { openSearch } from '../../../app/shell/search-box.tsx';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import '../storefront.css';

/** Shortcuts into the search; each runs the search for its words. */
const CATEGORY_SHORTCUTS = [
  '感冒发烧',
  '肠胃用药',
  '维生素钙',
  '慢病用药',
  '皮肤用药',
  '医疗器械',
  '母婴健康',
  '滋补保健',
];

/** Quick ways into the member centre. */
const MEMBER_SHORTCUTS = [
  { icon: <ProfileOutlined />, title: '订单查询', text: '查看订单进度与物流', to: '/user/order/mine/all' },
  { icon: <ShoppingCartOutlined />, title: '我的购物车', text: '已选商品一键结算', to: '/cart' },
  { icon: <SafetyOutlined />, title: '账户安全', text: '登录设备与第三方账号', to: '/user/personal/safe' },
  { icon: <EnvironmentOutlined />, title: '地址管理', text: '常用地址一键选用', to: '/user/personal/address' },
];

export function HomePage() {
  const isSignedIn = useIsSignedIn();
  return (
    <div className="container home">
      <section className="home-hero">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">安心大药房 · 网上药店</p>
          <h1 className="home-hero__title">安心购药，就在身边</h1>
          <p className="home-hero__subtitle">正品保障 · 执业药师在线服务 · 隐私配送到家</p>
          <div className="home-hero__actions">
            {isSignedIn ? (
              <Link to="/user" className="hero-link hero-link--primary">
                进入会员中心
              </Link>
            ) : (
              <>
                <Link to="/user/login" className="hero-link hero-link--primary">
                  登录
                </Link>
                <Link to="/user" className="hero-link">
                  会员中心
                </Link>
              </>
            )}
          </div>
        </div>
        <div className="home-hero__art" aria-hidden="true">
          <span className="home-hero__cross" />
        </div>
      </section>
      <section className="home-services">
        {MEMBER_SHORTCUTS.map((shortcut) => (
          <Link key={shortcut.title} to={shortcut.to} className="home-service">
            <span className="home-service__icon">{shortcut.icon}</span>
            <div>
              <strong>{shortcut.title}</strong>
              <p>{shortcut.text}</p>
            </div>
          </Link>
        ))}
      </section>
      <section className="card home-categories">
        <header className="card__header">
          <h2 className="card__title">常用药品分类</h2>
        </header>
        <ul className="home-categories__list">
          {CATEGORY_SHORTCUTS.map((category) => (
            <li key={category}>
              <button type="button" onClick={() => openSearch(category)}>
                {category}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
