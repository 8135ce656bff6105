import { Tag } from 'antd';
import type { ReactNode } from 'react';
import './default-item.css';

// One look for the member's lists where one item is the default (收货地址, 用药人), as the server keeps one
// default per member in one place (platform/member-default.ts).

/** The card's class names: the default item framed and tinted. */
export function defaultItemClassName(isDefault: boolean): string {
  return isDefault ? 'default-item default-item--default' : 'default-item';
}

/** The default item's tag (默认地址, 默认). */
export function DefaultTag({ children }: { children: ReactNode }) {
  return <Tag className="default-item__tag">{children}</Tag>;
}
