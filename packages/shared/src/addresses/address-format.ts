// How an address reads to a person. The region tree has placeholder city levels (the municipalities' 市辖区,
// 县, and the directly administered counties' groups): a full address leaves them out, as a postman would.

const PLACEHOLDER_REGION_NAMES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

export function isPlaceholderRegionName(name: string): boolean {
  return PLACEHOLDER_REGION_NAMES.has(name);
}

/** ['北京市', '市辖区', '朝阳区', null] → '北京市朝阳区'. A repeated name (东莞市 东莞市) is written once. */
export function formatRegionPath(names: (string | null | undefined)[]): string {
  const parts: string[] = [];
  for (const name of names) {
    if (!name || isPlaceholderRegionName(name) || parts[parts.length - 1] === name) continue;
    parts.push(name);
  }
  return parts.join('');
}

/** The one-line address of the reply's `deliveryAddress`: regions, then the detail. */
export function formatDeliveryAddress(regionNames: (string | null | undefined)[], customArea: string): string {
  return `${formatRegionPath(regionNames)}${customArea}`;
}
