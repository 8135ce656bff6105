import { DEFAULT_MALL_CONFIG } from '@anxin/shared/mall/mall-config';
import { describe, expect, it } from 'vitest';
import { changesOf } from './mall-config-changes.ts';

const saved = { ...DEFAULT_MALL_CONFIG, slogan: '用药安心', loadingDelay: 0 };

describe('the mall configuration form’s changes', () => {
  it('holds only the keys that differ from the saved values, texts trimmed', () => {
    expect(changesOf(saved, saved, DEFAULT_MALL_CONFIG)).toEqual({});
    expect(
      changesOf({ ...saved, slogan: ' 用药安心 ', badge: ' 医保定点 ', onlinePay: false }, saved, DEFAULT_MALL_CONFIG),
    ).toEqual({
      badge: '医保定点',
      onlinePay: false,
    });
  });

  it('sends null for a key put back to its default, so its stored value goes', () => {
    expect(
      changesOf({ ...saved, slogan: DEFAULT_MALL_CONFIG.slogan, loadingDelay: 300 }, saved, DEFAULT_MALL_CONFIG),
    ).toEqual({
      slogan: null,
      loadingDelay: null,
    });
    expect(changesOf(DEFAULT_MALL_CONFIG, saved, DEFAULT_MALL_CONFIG)).toEqual({ slogan: null, loadingDelay: null });
  });
});
