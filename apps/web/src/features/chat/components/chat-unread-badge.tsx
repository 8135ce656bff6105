import { useEffect, useState } from 'react';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { subscribeUnread } from '../lib/chat-unread.ts';

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

/** The number of unread answers from customer service, for a signed-in member; nothing when there are none. */
export function ChatUnreadBadge() {
  const isSignedIn = useIsSignedIn();
  const [count, setCount] = useState(0);
  useEffect(() => (isSignedIn ? subscribeUnread(setCount) : undefined), [isSignedIn]);
  if (!isSignedIn || count === 0) return null;
  return (
    <span className="chat-unread-badge" style={BADGE_STYLE} role="status" aria-label={`${count}条未读客服消息`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
