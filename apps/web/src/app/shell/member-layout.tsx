import { UserOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChatUnreadBadge } from '../../features/chat/index.ts';
import { PageOutlet } from '../page-outlet.tsx';
import { findActiveMenuItem, MEMBER_MENU, MEMBER_MENU_GROUPS } from './member-menu.ts';

/** The menu's head: 会员中心, and beside the link (a button cannot sit in it) the chat's unread badge, which opens the chat. */
const HEAD_STYLE = { display: 'flex', flexShrink: 0, alignItems: 'center' } as const;

/**
 * The member centre: 1200 px, the menu on the left, the page on the right; on a phone the menu is a tab bar over
 * the page that scrolls sideways (styles.css), so the current entry is brought into its view.
 */
export function MemberLayout() {
  const { pathname } = useLocation();
  const activeItem = findActiveMenuItem(pathname);
  const menuRef = useRef<HTMLElement>(null);

  // Scrolls the menu only, never the page (scrollIntoView would move the page to the menu too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current entry changes with the path.
  useEffect(() => {
    const menu = menuRef.current;
    const current = menu?.querySelector<HTMLElement>('[aria-current="page"], .member-menu__home.active');
    if (!menu || !current || menu.scrollWidth <= menu.clientWidth) return;
    const menuBox = menu.getBoundingClientRect();
    const currentBox = current.getBoundingClientRect();
    menu.scrollLeft += currentBox.left - menuBox.left - (menuBox.width - currentBox.width) / 2;
  }, [pathname]);

  return (
    <div className="container member-layout">
      <aside ref={menuRef} className="member-menu" aria-label="会员中心菜单">
        <div style={HEAD_STYLE}>
          <NavLink to="/user" end className="member-menu__home" style={{ flex: '1 1 auto' }}>
            <UserOutlined /> 会员中心
          </NavLink>
          <ChatUnreadBadge opensChat />
        </div>
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
