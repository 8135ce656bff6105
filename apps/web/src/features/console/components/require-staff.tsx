import { CONSOLE_LOGIN_PAGE } from '@anxin/shared/staff/console-pages';
import type { StaffPermission } from '@anxin/shared/staff/staff-roles';
import { Button, Result, Spin } from 'antd';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { consoleLoginUrl } from '../lib/console-back-url.ts';
import { hasSignedOut } from '../lib/staff-session.ts';
import { hasPermission, useStaff, useStaffToken } from '../lib/use-staff.ts';

/**
 * The console's pages: without a staff token (none yet, expired, or ended by a 401) the page goes to
 * /admin/login and comes back here after signing in; after 退出, to the sign-in page alone.
 */
export function RequireStaff() {
  const token = useStaffToken();
  const staff = useStaff();
  const { pathname, search } = useLocation();
  if (!token) {
    return <Navigate to={hasSignedOut() ? CONSOLE_LOGIN_PAGE : consoleLoginUrl(`${pathname}${search}`)} replace />;
  }
  if (staff.isError) {
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={getErrorMessage(staff.error)}
        extra={<Button onClick={() => staff.refetch()}>重试</Button>}
      />
    );
  }
  if (!staff.data) {
    return (
      <div className="console-loading">
        <Spin size="large" />
      </div>
    );
  }
  return <Outlet />;
}

/** A page the staff member's roles do not allow: said so, instead of a page whose every call answers 403. */
export function RequirePermission({ permission }: { permission: StaffPermission }) {
  const staff = useStaff().data;
  if (hasPermission(staff, permission)) return <Outlet />;
  return (
    <Result
      status="403"
      title="无权访问该页面"
      subTitle="你的角色不包含此功能，如需使用请联系管理员。"
      extra={
        <Link to="/admin">
          <Button type="primary">返回工作台</Button>
        </Link>
      }
    />
  );
}

/** An address under /admin that no page has. */
export function ConsoleNotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      extra={
        <Link to="/admin">
          <Button type="primary">返回工作台</Button>
        </Link>
      }
    />
  );
}
