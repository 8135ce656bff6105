import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { buildLoginUrl, DEFAULT_BACK_URL } from '../lib/safe-back-url.ts';
import { getLastSignOutReason, isSignedIn } from '../lib/token-store.ts';
import { useIsSignedIn } from '../lib/use-session.ts';

/**
 * Member pages: a visitor goes to /user/login?backurl=<this page>. It also reacts while a page is
 * open: when the session ends (a 401, a failed refresh) the member is sent to sign in again and comes back
 * here; after "安全退出" the login page opens without a backurl.
 */
export function RequireMember() {
  const isMember = useIsSignedIn();
  const location = useLocation();
  const wasMemberOnEntry = useRef(isMember);

  if (isMember) return <Outlet />;
  const isLogout = wasMemberOnEntry.current && getLastSignOutReason() === 'logout';
  const to = isLogout ? '/user/login' : buildLoginUrl(`${location.pathname}${location.search}`);
  return <Navigate to={to} replace />;
}

/**
 * Around the login page: a member who opens it goes to the member home. Decided when the page opens, so that
 * signing in on it leaves the page to send the member back where they came from.
 */
export function RedirectMemberToHome() {
  const isMemberOnEntry = useRef(isSignedIn()).current;
  return isMemberOnEntry ? <Navigate to={DEFAULT_BACK_URL} replace /> : <Outlet />;
}
