import { cutNickname } from '@anxin/shared/common/text';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../features/auth/index.ts';
import { ElderlyModeSwitch, useAccountElderlyMode } from '../../features/elderly-mode/index.ts';
import { useMemberVo } from '../../features/profile/index.ts';
import { useIsSignedIn } from '../../lib/use-session.ts';

/** Nickname of the greeting: cut to 6 characters, '…' only when something was cut. */
const GREETING_NAME_LENGTH = 6;

export function TopBar() {
  const isSignedIn = useIsSignedIn();
  const navigate = useNavigate();
  const { data: member } = useMemberVo({ isEnabled: isSignedIn });
  const name = member?.nickName || member?.memberName || member?.phoneStr || '';
  useAccountElderlyMode();

  const handleLogout = async () => {
    await logout();
    navigate('/user/login', { replace: true });
  };

  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <div className="top-bar__left">
          {isSignedIn ? (
            <>
              <span className="top-bar__greeting" data-testid="greeting">
                {name ? `您好，${cutNickname(name, GREETING_NAME_LENGTH)}` : '您好'}
              </span>
              <button type="button" className="top-bar__link link-button" onClick={handleLogout}>
                安全退出
              </button>
            </>
          ) : (
            <>
              <span className="top-bar__greeting">您好，欢迎来到安心大药房</span>
              <Link className="top-bar__link top-bar__link--primary" to="/user/login">
                登录
              </Link>
              <Link className="top-bar__link" to="/user/register">
                免费注册
              </Link>
            </>
          )}
        </div>
        <ul className="top-bar__right">
          <li>
            <ElderlyModeSwitch />
          </li>
          <li>
            <Link to="/user/order/mine/all">我的订单</Link>
          </li>
          <li>
            <Link to="/user/account/coupon">我的健康补贴</Link>
          </li>
          <li>
            <Link to="/user">会员中心</Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
