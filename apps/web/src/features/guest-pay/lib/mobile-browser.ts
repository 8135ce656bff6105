/**
 * True for a phone's browser (the guest entry page sends it to the mobile pages of the flow). Read from the
 * user agent as the link's recipients' browsers report it: Android, iOS and HarmonyOS phones, the in-app
 * browsers of WeChat and Alipay (they say "Mobile"), and Chromium's `userAgentData.mobile` where present.
 * Tablets are treated as phones too: they open the link from the same SMS and are held in the hand.
 */
export function isMobileBrowser(userAgent: string, userAgentDataMobile?: boolean): boolean {
  if (userAgentDataMobile === true) return true;
  return /Android|iPhone|iPod|iPad|HarmonyOS|Mobile|MicroMessenger|AlipayClient/i.test(userAgent);
}

/** The current browser's answer (the page's navigator). */
export function isThisBrowserMobile(): boolean {
  const data = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return isMobileBrowser(navigator.userAgent, data?.mobile);
}
