import { useRef } from 'react';
import { Navigate, Outlet, redirect, useLocation } from 'react-router';
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

/** Loader of the login page: a member who opens it goes to the member home. */
export function redirectMemberToHome() {
  return isSignedIn() ? redirect(DEFAULT_BACK_URL) : null;
}
