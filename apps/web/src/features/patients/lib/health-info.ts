// The health-info dialog's rules: four items with 无/有, labels and an other-text, then
// smoking and drinking; and the one-line summary the form shows.
import {
  HEALTH_ITEM_TEXT,
  HEALTH_ITEMS,
  type HealthInfo,
  type HealthItem,
} from '@anxin/shared/patients/patient.contract';

/** Items answered 有 with neither a label ticked nor a text: the dialog asks for one before it closes. */
export function healthItemsMissingDetail(info: HealthInfo): HealthItem[] {
  return HEALTH_ITEMS.filter((item) => {
    const value = info[item];
    return value.status === 1 && value.labels.length === 0 && value.other.trim() === '';
  });
}

/** What one item says: '无', or its labels and text joined with '、'. */
export function describeHealthItem(value: HealthInfo[HealthItem]): string {
  if (value.status !== 1) return '无';
  const parts = [...value.labels, value.other.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join('、') : '有';
}

/** '药物过敏史：青霉素类、头孢类；吸烟', or '' when every answer is 无. */
export function summariseHealthInfo(info: HealthInfo): string {
  const parts: string[] = HEALTH_ITEMS.filter((item) => info[item].status === 1).map(
    (item) => `${HEALTH_ITEM_TEXT[item]}：${describeHealthItem(info[item])}`,
  );
  if (info.smoking === 1) parts.push('吸烟');
  if (info.drinking === 1) parts.push('饮酒');
  return parts.join('；');
}

/** A health item answered 无 keeps no labels or text. */
export function normaliseHealthInfo(info: HealthInfo): HealthInfo {
  const item = (value: HealthInfo['pastHistory']) =>
    value.status === 1
      ? { status: 1 as const, labels: [...value.labels], other: value.other.trim() }
      : { status: 0 as const, labels: [], other: '' };
  return {
    pastHistory: item(info.pastHistory),
    drugAllergy: item(info.drugAllergy),
    foodAllergy: item(info.foodAllergy),
    familyHistory: item(info.familyHistory),
    smoking: info.smoking,
    drinking: info.drinking,
  };
}
