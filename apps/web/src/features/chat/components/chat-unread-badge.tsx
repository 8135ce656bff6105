import { useEffect, useState } from 'react';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { subscribeUnread } from '../lib/chat-unread.ts';
import { openChat } from '../lib/open-chat.ts';

/**
 * Inline, not a stylesheet: the badge sits in the member centre's frame and on every 联系客服, and a file of its
 * own would be one more request on each of those pages' first load. White on #c41d1c: 6.2:1.
 */
const BADGE_STYLE = {
  display: 'inline-block',
  minWidth: 18,
  height: 18,
  marginLeft: 4,
  padding: '0 5px',
  borderRadius: 9,
  background: '#c41d1c',
  color: '#fff',
  fontSize: 12,
  fontWeight: 600,
  lineHeight: '18px',
  textAlign: 'center',
  verticalAlign: 'middle',
} as const;
/** The badge as a control of its own: a touch-sized target around the same red figure. */
const BUTTON_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 44,
  minHeight: 44,
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'pointer',
} as const;

/**
 * The number of unread answers from customer service, for a signed-in member; nothing when there are none.
 * Inside 联系客服 it is part of that button; `opensChat` makes it a button of its own that opens the window
 * (the member centre's header, where it sits beside a link).
 */
export function ChatUnreadBadge({ opensChat = false }: { opensChat?: boolean }) {
  const isSignedIn = useIsSignedIn();
  const [count, setCount] = useState(0);
  useEffect(() => (isSignedIn ? subscribeUnread(setCount) : undefined), [isSignedIn]);
  if (!isSignedIn || count === 0) return null;
  const figure = count > 99 ? '99+' : count;
  const label = `${count}条未读客服消息`;
  if (opensChat) {
    return (
      <button
        type="button"
        className="chat-unread-badge"
        style={BUTTON_STYLE}
        aria-label={`${label}，打开在线客服`}
        onClick={(event) => openChat({}, event.currentTarget)}
      >
        <span style={BADGE_STYLE}>{figure}</span>
      </button>
    );
  }
  return (
    <span className="chat-unread-badge" style={BADGE_STYLE} role="status" aria-label={label}>
      {figure}
    </span>
  );
}
