import { useSearchParams } from 'react-router';
import { ChatButton } from './chat-button.tsx';

/**
 * 联系客服 on the guest link's pages: the link's key (in the address) names the guest until they sign in; once
 * signed in they chat as the order's member, and what they asked before joins their history.
 */
export function GuestChatButton() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  return <ChatButton size="small" context={key ? { guestKey: key } : {}} className="guest-chat-button" />;
}
