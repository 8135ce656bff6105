import {
  EyeInvisibleOutlined,
  MedicineBoxOutlined,
  SafetyCertificateOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useMallConfig } from '../../features/mall/index.ts';
import { BrandLogo } from './brand-logo.tsx';
import { SearchBox } from './search-box.tsx';

export function MainHeader() {
  const { slogan, badge } = useMallConfig();
  return (
    <header className="main-header">
      <div className="container main-header__inner">
        <BrandLogo />
        {slogan || badge ? (
          <div className="main-header__slogan">
            {slogan ? <p data-testid="mall-slogan">{slogan}</p> : null}
            {badge ? (
              <span className="main-header__badge" data-testid="mall-badge">
                {badge}
              </span>
            ) : null}
          </div>
        ) : null}
        <SearchBox />
        <Link to="/cart" className="main-header__cart">
          <ShoppingCartOutlined /> 我的购物车
        </Link>
        <ul className="main-header__promises" aria-label="服务承诺">
          <li>
            <SafetyCertificateOutlined /> 正品保障
          </li>
          <li>
            <MedicineBoxOutlined /> 药师服务
          </li>
          <li>
            <EyeInvisibleOutlined /> 隐私配送
          </li>
        </ul>
      </div>
    </header>
  );
}
