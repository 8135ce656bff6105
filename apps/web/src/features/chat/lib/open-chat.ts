/**
 * What the window was opened about: the order or the product of the page, and a guest link's key (sent when
 * opening it, POST /v2/chat/token); `offersCallback` adds 请药师回电 about the order (the mall's callbackAvailable).
 */
export type ChatOpenContext = {
  ordersCode?: string;
  productCode?: string;
  guestKey?: string;
  offersCallback?: boolean;
};

/**
 * Opens the chat window over the page (a panel on a desktop, the whole screen on a phone). Its code is fetched
 * on the first open only, so no page loads it before 联系客服 is pressed. Focus goes back to `returnFocusTo`
 * when the window closes: what was focused when it opened, or what opened the dialog it was opened from.
 */
export function openChat(context: ChatOpenContext = {}, returnFocusTo: Element | null = document.activeElement) {
  const opener = returnFocusTo instanceof HTMLElement ? returnFocusTo : null;
  void import('../components/chat-root.tsx').then(({ showChatWindow }) => showChatWindow(context, opener));
}
