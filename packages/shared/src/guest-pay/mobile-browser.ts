/**
 * True for a phone's browser: the guest link's entry page sends it to the mobile pages of the flow (the server
 * as it answers the link, the page where the server could not tell). Read from the user agent as the link's
 * recipients' browsers report it: Android, iOS and HarmonyOS phones, the in-app browsers of WeChat and Alipay
 * (they say "Mobile"), and Chromium's mobile hint (`userAgentData.mobile`, `Sec-CH-UA-Mobile: ?1`) where
 * present. Tablets are treated as phones too: they open the link from the same SMS and are held in the hand.
 */
export function isMobileBrowser(userAgent: string, userAgentDataMobile?: boolean): boolean {
  if (userAgentDataMobile === true) return true;
  return /Android|iPhone|iPod|iPad|HarmonyOS|Mobile|MicroMessenger|AlipayClient/i.test(userAgent);
}
