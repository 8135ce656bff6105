import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { setChatOpen } from '../lib/chat-open.ts';
import type { ChatOpenContext } from '../lib/open-chat.ts';
import { ChatWindow } from './chat-window.tsx';

// The window lives in a root of its own at the end of the body: it opens over whatever page (the site's, the
// guest link's) without taking part in the page's layout or needing anything from its providers.
let root: Root | undefined;
let openings = 0;

/**
 * Shows the window (again, for another order or product: a fresh view); closing refocuses `opener`, or, when it
 * is gone (a dialog's button), what the page last tried to focus.
 */
export function showChatWindow(context: ChatOpenContext, opener: HTMLElement | null) {
  if (!root) {
    const host = document.createElement('div');
    host.className = 'chat-host';
    document.body.append(host);
    root = createRoot(host);
  }
  const close = (fallback: HTMLElement | null) => {
    // Unmounted at once: the window's own focus keeper must be gone before focus leaves it.
    flushSync(() => root?.render(null));
    const target = opener?.isConnected ? opener : fallback;
    if (target?.isConnected) target.focus();
    // Only now may a dialog behind take the focus back into itself: it is already there.
    setChatOpen(false);
  };
  setChatOpen(true);
  root.render(<ChatWindow key={++openings} context={context} onClose={close} />);
}
