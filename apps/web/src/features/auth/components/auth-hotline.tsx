import { useMallConfig } from '../../mall/index.ts';

/** 客服热线 at the foot of the sign-in cards: the site's customer-service line (the mall configuration). */
export function AuthHotline() {
  const { hotline } = useMallConfig();
  return <p className="auth-card__hotline">客服热线：{hotline}</p>;
}
