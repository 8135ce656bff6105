import { roleNamesOf } from '@anxin/shared/staff/staff-roles';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY } from '../api/console-request.ts';
import { getDemoStaff } from '../api/staff-sign-in.ts';

/** The demo staff's password (README, `npm start`); they exist outside production only. */
const DEMO_STAFF_PASSWORD = 'Demo@2026';

type DemoStaffListProps = {
  /** Fills the form: login name and password on the first step, the code on the second. */
  onPick: (loginName: string, password: string, code: string) => void;
  /** On the second step, whose code the form takes. */
  signingInAs?: string;
};

/**
 * 演示账号: outside production, each demo staff member with the current six digits of their authenticator, so a
 * newcomer can sign in; a press fills the form. Asked again every few seconds (a code lives 30 s). In
 * production the route does not exist and nothing is shown.
 */
export function DemoStaffList({ onPick, signingInAs }: DemoStaffListProps) {
  const demo = useQuery({
    queryKey: [CONSOLE_QUERY_KEY, 'demo-staff'],
    queryFn: getDemoStaff,
    refetchInterval: 5_000,
    retry: false,
  });
  if (!demo.data?.length) return null;
  return (
    <section className="demo-staff" aria-labelledby="demo-staff-title">
      <h2 id="demo-staff-title" className="demo-staff__title">
        演示账号
      </h2>
      <p className="demo-staff__hint">
        仅开发环境显示。密码均为 <code>{DEMO_STAFF_PASSWORD}</code>，点击一行填入
        {signingInAs ? '动态验证码' : '登录名和密码'}。
      </p>
      <ul className="demo-staff__list">
        {demo.data.map((staff) => {
          const isOther = signingInAs !== undefined && signingInAs !== staff.loginName;
          return (
            <li key={staff.loginName}>
              <button
                type="button"
                className="demo-staff__item"
                disabled={isOther}
                onClick={() => onPick(staff.loginName, DEMO_STAFF_PASSWORD, staff.code)}
              >
                <span className="demo-staff__who">
                  <strong>{staff.displayName}</strong>
                  <span className="demo-staff__login">{staff.loginName}</span>
                </span>
                <span className="demo-staff__roles">{roleNamesOf(staff.roles)}</span>
                <span className="demo-staff__code">
                  <span className="visually-hidden">动态验证码</span>
                  {staff.code}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
