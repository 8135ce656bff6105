import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './login-tabs.css';

export type LoginTabItem<K extends string> = { key: K; label: string; children: ReactNode };

type LoginTabsProps<K extends string> = {
  items: LoginTabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** The pointer or the keyboard reached the tabs: a good moment to fetch what the other tabs show. */
  onApproach?: () => void;
};

/**
 * The three tabs of the login card, looking and behaving like antd's large Tabs (the ink bar slides to the
 * chosen tab, a tab once opened keeps its state while hidden, arrow keys move between tabs) without its
 * overflow menu and dropdown, which the first visit to the login page would download for three short
 * titles.
 */
export function LoginTabs<K extends string>({ items, activeKey, onChange, onApproach }: LoginTabsProps<K>) {
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([activeKey]));
  const navRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const [ink, setInk] = useState<{ left: number; width: number } | null>(null);

  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));

  // Measured again whenever the tab strip changes size (fonts arriving, the password tab appearing).
  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const measure = () => {
      const tab = tabRefs.current.get(activeKey);
      if (tab) setInk({ left: tab.offsetLeft, width: tab.offsetWidth });
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of [nav, ...nav.children]) observer.observe(element);
    return () => observer.disconnect();
  }, [activeKey]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === activeKey);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length];
    onChange(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <div className="login-tabs" onPointerEnter={onApproach} onFocus={onApproach}>
      <div ref={navRef} role="tablist" className="login-tabs__nav" onKeyDown={handleKeyDown}>
        {items.map((item) => {
          const isActive = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabRefs.current.set(item.key, element);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`login-tab-${item.key}`}
              aria-selected={isActive}
              aria-controls={`login-tabpanel-${item.key}`}
              tabIndex={isActive ? 0 : -1}
              className={isActive ? 'login-tabs__tab login-tabs__tab--active' : 'login-tabs__tab'}
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
        {ink ? <span className="login-tabs__ink" style={{ left: ink.left, width: ink.width }} /> : null}
      </div>
      {items
        .filter((item) => visited.has(item.key))
        .map((item) => (
          <div
            key={item.key}
            role="tabpanel"
            id={`login-tabpanel-${item.key}`}
            aria-labelledby={`login-tab-${item.key}`}
            hidden={item.key !== activeKey}
          >
            {item.children}
          </div>
        ))}
    </div>
  );
}
