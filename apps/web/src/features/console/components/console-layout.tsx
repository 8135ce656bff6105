import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { roleNamesOf } from '@anxin/shared/staff/staff-roles';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../../app/shell/brand-logo.tsx';
import { useRouteTitle } from '../../../app/shell/use-route-title.ts';
import { CONSOLE_QUERY_KEY } from '../api/console-request.ts';
import { staffLogout } from '../api/staff-sign-in.ts';
import { type ConsoleNavItem, navFor, navPathOf } from '../lib/console-nav.ts';
import { clearStaffSession } from '../lib/staff-session.ts';
import { useIsNarrow } from '../lib/use-media-query.ts';
import { useStaff } from '../lib/use-staff.ts';

function menuItems(items: ConsoleNavItem[], onNavigate: () => void): MenuProps['items'] {
  return items.map(({ icon: Icon, ...item }) => ({
    key: item.path,
    icon: Icon ? <Icon /> : undefined,
    label: (
      <Link to={item.path} onClick={onNavigate}>
        {item.label}
      </Link>
    ),
  }));
}

/**
 * The console's frame around every page but the sign-in: the menu of what the staff member's roles allow on
 * the left (a drawer behind ☰ on a phone), the page's title, who is signed in and 退出 above the page.
 */
export function ConsoleLayout() {
  const staff = useStaff().data;
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const isNarrow = useIsNarrow();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const queryClient = useQueryClient();

  const items = navFor(staff);
  const selected = navPathOf(pathname);
  const menu = (
    <Menu
      className="console-menu"
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      items={menuItems(items, () => setIsDrawerOpen(false))}
    />
  );

  const handleLogout = async () => {
    // The session ends here whatever the server answers: the tab forgets the token, and the guard shows the
    // sign-in page.
    await staffLogout().catch(() => undefined);
    clearStaffSession('logout');
    queryClient.removeQueries({ queryKey: [CONSOLE_QUERY_KEY] });
  };

  return (
    <Layout className="console-layout">
      {isNarrow ? null : (
        <Layout.Sider className="console-sider" width={208} theme="light">
          <ConsoleBrand />
          <nav aria-label="后台菜单">{menu}</nav>
        </Layout.Sider>
      )}
      <Layout className="console-body">
        <Layout.Header className="console-header">
          {isNarrow ? (
            <Button
              className="console-header__menu"
              type="text"
              icon={<MenuOutlined />}
              aria-label="打开菜单"
              aria-expanded={isDrawerOpen}
              onClick={() => setIsDrawerOpen(true)}
            />
          ) : null}
          <h1 className="console-header__title">{title}</h1>
          <div className="console-header__staff">
            {staff ? (
              <span className="console-header__who">
                <strong>{staff.displayName}</strong>
                <span className="console-header__roles">{roleNamesOf(staff.roles)}</span>
              </span>
            ) : null}
            <Button type="text" icon={<LogoutOutlined />} onClick={handleLogout} aria-label="退出登录">
              {isNarrow ? null : '退出'}
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      {isNarrow ? (
        <Drawer
          className="console-drawer"
          placement="left"
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          size={260}
          title={<ConsoleBrand />}
          closable={{ 'aria-label': '关闭菜单' }}
        >
          <nav aria-label="后台菜单">{menu}</nav>
        </Drawer>
      ) : null}
    </Layout>
  );
}

function ConsoleBrand() {
  return (
    <Link to="/admin" className="console-brand" aria-label="管理后台首页">
      <BrandMark size={32} />
      <span className="console-brand__text">
        <span className="console-brand__name">安心大药房</span>
        <span className="console-brand__sub">管理后台</span>
      </span>
    </Link>
  );
}
