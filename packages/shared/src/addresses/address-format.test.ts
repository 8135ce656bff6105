import { describe, expect, it } from 'vitest';
import { formatDeliveryAddress, formatRegionPath, isPlaceholderRegionName } from './address-format.ts';

describe('formatRegionPath', () => {
  it.each([
    [['广东省', '深圳市', '南山区', '粤海街道'], '广东省深圳市南山区粤海街道'],
    [['北京市', '市辖区', '海淀区', '中关村街道'], '北京市海淀区中关村街道'],
    [['重庆市', '县', '城口县', null], '重庆市城口县'],
    [['河南省', '省直辖县级行政区划', '济源市', undefined], '河南省济源市'],
    [['广东省', '东莞市', '东莞市', '南城街道'], '广东省东莞市南城街道'],
    [['四川省', '成都市', null, null], '四川省成都市'],
    [[], ''],
  ])('%j → %s', (names, text) => {
    expect(formatRegionPath(names)).toBe(text);
  });

  it('knows the placeholder levels', () => {
    expect(isPlaceholderRegionName('市辖区')).toBe(true);
    expect(isPlaceholderRegionName('自治区直辖县级行政区划')).toBe(true);
    expect(isPlaceholderRegionName('深圳市')).toBe(false);
  });

  it('puts the detail after the regions', () => {
    expect(formatDeliveryAddress(['上海市', '市辖区', '徐汇区', '天平路街道'], '衡山路10号')).toBe(
      '上海市徐汇区天平路街道衡山路10号',
    );
  });
});
