import { AlipayOutlined, QqOutlined, WechatFilled, WeiboOutlined } from '@ant-design/icons';
import {
  isThirdType,
  loginTypeOfThirdType,
  THIRD_PARTY_NAMES,
  THIRD_PARTY_TYPES,
  type ThirdType,
} from '@anxin/shared/account/third-party.constants';
import { MSG } from '@anxin/shared/common/messages';
import { Spin } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { isSafeBackUrl, resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { saveLoginResult } from '../../../lib/token-store.ts';
import { startOAuthSignIn } from '../api/oauth-authorize-url.ts';
import { redeemOAuthLoginCode } from '../api/oauth-login-result.ts';
import './third-party-login.css';

const ICONS: Record<ThirdType, ReactNode> = {
  1: <QqOutlined />,
  2: <WechatFilled />,
  3: <AlipayOutlined />,
  4: <WeiboOutlined />,
};

/** The provider's mark in its brand colour (login buttons, safety rows, sandbox page). */
export function ThirdPartyIcon({ type, className }: { type: ThirdType; className?: string }) {
  return (
    <span className={`third-party-icon third-party-icon--${type}${className ? ` ${className}` : ''}`} aria-hidden>
      {ICONS[type]}
    </span>
  );
}

/** Query values the OAuth callback hands back to the login page. */
function readCallback(searchParams: URLSearchParams) {
  const thirdType = Number(searchParams.get('thirdType'));
  return {
    oauthCode: searchParams.get('oauthCode'),
    oauthError: searchParams.get('oauthError'),
    isUnbound: searchParams.get('isBind') === '0',
    thirdType: isThirdType(thirdType) ? thirdType : undefined,
    ticket: searchParams.get('ticket'),
    backUrl: searchParams.get('backurl'),
  };
}

/**
 * The login card's third-party row (QQ · 微信 · 支付宝 · 微博), and the landing of their callback on the login
 * page: a bound account arrives with a one-time code traded for the tokens; an unbound one (isBind 0) goes on
 * to bind a phone (type add) with its signed ticket.
 */
export function ThirdPartyLogin() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isSigningIn, setIsSigningIn] = useState(false);
  const handledRef = useRef<string | null>(null);
  const callback = readCallback(searchParams);

  useEffect(() => {
    const key = searchParams.toString();
    if (handledRef.current === key) return;
    handledRef.current = key;
    const landing = readCallback(searchParams);
    if (landing.oauthCode) {
      setIsSigningIn(true);
      redeemOAuthLoginCode(landing.oauthCode)
        .then((result) => {
          saveLoginResult(result);
          navigate(resolveBackUrl(landing.backUrl), { replace: true });
        })
        .catch((error: unknown) => {
          message.error(getErrorMessage(error, MSG.oauthResultInvalid));
          setSearchParams({}, { replace: true });
        })
        .finally(() => setIsSigningIn(false));
      return;
    }
    if (landing.isUnbound && landing.thirdType && landing.ticket) {
      const query = new URLSearchParams({
        thirdType: String(landing.thirdType),
        ticket: landing.ticket,
        loginType: String(loginTypeOfThirdType(landing.thirdType)),
      });
      if (isSafeBackUrl(landing.backUrl)) query.set('backUrl', landing.backUrl);
      navigate(`/user/bind/phone/add?${query.toString()}`, { replace: true });
      return;
    }
    if (landing.oauthError) {
      message.warning(landing.oauthError === 'closing' ? MSG.accountClosing : MSG.oauthDenied);
      const next = new URLSearchParams(searchParams);
      next.delete('oauthError');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams, navigate, message]);

  const start = (type: ThirdType) => {
    const backUrl = searchParams.get('backurl');
    startOAuthSignIn(type, { backUrl: isSafeBackUrl(backUrl) ? backUrl : undefined });
  };

  return (
    <div className="third-party-login">
      <div className="third-party-login__divider">
        <span>其他登录方式</span>
      </div>
      {isSigningIn || callback.oauthCode ? (
        <div className="third-party-login__pending">
          <Spin size="small" /> 正在登录…
        </div>
      ) : (
        <ul className="third-party-login__list">
          {THIRD_PARTY_TYPES.map((type) => (
            <li key={type}>
              <button
                type="button"
                className="third-party-login__button"
                onClick={() => start(type)}
                title={`使用${THIRD_PARTY_NAMES[type]}账号登录`}
              >
                <ThirdPartyIcon type={type} />
                <span className="third-party-login__name">{THIRD_PARTY_NAMES[type]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
