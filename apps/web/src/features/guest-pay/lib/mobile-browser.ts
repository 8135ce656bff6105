import { isMobileBrowser } from '@anxin/shared/guest-pay/mobile-browser';

/** The current browser's answer (the page's navigator); none while the build prerenders the page. */
export function isThisBrowserMobile(): boolean {
  if (typeof navigator === 'undefined') return false;
  const data = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return isMobileBrowser(navigator.userAgent, data?.mobile);
}
