// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
// The window itself is fetched on the first open (lib/open-chat.ts).

export { ChatButton } from './components/chat-button.tsx';
export { ChatUnreadBadge } from './components/chat-unread-badge.tsx';
export { GuestChatButton } from './components/guest-chat-button.tsx';
export { useIsChatOpen } from './lib/chat-open.ts';
export { type ChatOpenContext, openChat } from './lib/open-chat.ts';
