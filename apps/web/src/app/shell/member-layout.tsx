import { UserOutlined } from '@ant-design/icons';
import { Link, NavLink, useLocation } from 'react-router';
import { ChatUnreadBadge } from '../../features/chat/index.ts';
import { PageOutlet } from '../page-outlet.tsx';
import { findActiveMenuItem, MEMBER_MENU, MEMBER_MENU_GROUPS } from './member-menu.ts';

/** The member centre: 1200 px, the menu on the left, the page on the right. */
export function MemberLayout() {
  const { pathname } = useLocation();
  const activeItem = findActiveMenuItem(pathname);

  return (
    <div className="container member-layout">
      <aside className="member-menu" aria-label="会员中心菜单">
        <NavLink to="/user" end className="member-menu__home">
          <UserOutlined /> 会员中心
          <ChatUnreadBadge />
        </NavLink>
        {MEMBER_MENU_GROUPS.map((group) => (
          <section key={group} className="member-menu__group">
            <h3 className="member-menu__group-title">{group}</h3>
            <ul>
              {MEMBER_MENU.filter((item) => item.group === group).map((item) => (
                <li key={item.path}>
                  <Link
                    to={item.path}
                    className={
                      item === activeItem ? 'member-menu__item member-menu__item--active' : 'member-menu__item'
                    }
                    aria-current={item === activeItem ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </aside>
      <section className="member-content">
        <PageOutlet />
      </section>
    </div>
  );
}
