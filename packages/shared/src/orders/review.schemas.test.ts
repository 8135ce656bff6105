import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import {
  anonymityOf,
  checkEvaluationCoverage,
  maskReviewerName,
  productEvaluationSchema,
  REVIEW_TAGS,
  reviewContentSchema,
} from './review.schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('review rules', () => {
  it('has 7 distinct tags', () => {
    expect(new Set(REVIEW_TAGS).size).toBe(7);
  });

  it.each([
    ['', MSG.reviewIncomplete],
    ['   ', MSG.reviewIncomplete],
    ['一二三四五六七八九', MSG.reviewContentLength],
    ['一二三四五六七八九十', null],
    ['好'.repeat(450), null],
    ['好'.repeat(451), MSG.reviewContentLength],
    ['😀'.repeat(10), null],
  ])('content %j → %s', (content, message) => {
    expect(firstMessage(reviewContentSchema.safeParse(content))).toBe(message);
  });

  it('needs a score of 1 to 5 and 1 to 7 known, distinct tags', () => {
    const base = { productCode: 'A', score: 5, labels: [REVIEW_TAGS[0]], content: '一二三四五六七八九十' };
    expect(productEvaluationSchema.safeParse(base).success).toBe(true);
    for (const change of [{ score: 0 }, { score: 6 }, { score: 4.5 }, { labels: [] }, { labels: ['好'] }]) {
      expect(firstMessage(productEvaluationSchema.safeParse({ ...base, ...change }))).toBe(MSG.reviewIncomplete);
    }
    expect(productEvaluationSchema.safeParse({ ...base, labels: [REVIEW_TAGS[0], REVIEW_TAGS[0]] }).success).toBe(
      false,
    );
    expect(productEvaluationSchema.safeParse({ ...base, labels: [...REVIEW_TAGS] }).success).toBe(true);
    expect(productEvaluationSchema.safeParse({ ...base, images: ['https://x.example/a.png'] }).success).toBe(false);
    expect(productEvaluationSchema.safeParse({ ...base, images: ['/web-gateway/files/a.png'] }).success).toBe(true);
  });

  it('needs every product exactly once', () => {
    expect(checkEvaluationCoverage(['A', 'B'], [{ productCode: 'A' }, { productCode: 'B' }])).toBeNull();
    expect(checkEvaluationCoverage(['A', 'B'], [{ productCode: 'A' }])).toBe(MSG.reviewIncomplete);
    expect(checkEvaluationCoverage(['A'], [{ productCode: 'A' }, { productCode: 'A' }])).toBe(MSG.reviewIncomplete);
    expect(checkEvaluationCoverage(['A'], [{ productCode: 'A' }, { productCode: 'Z' }])).toBe(MSG.badRequest);
  });

  it('takes the anonymous flag from the body, else from the last item', () => {
    const items = [{ isAnonymity: true }, { isAnonymity: false }] as never[];
    expect(anonymityOf({ productEvaVos: items })).toBe(false);
    expect(anonymityOf({ productEvaVos: items, isAnonymity: true })).toBe(true);
  });

  it('masks a reviewer name', () => {
    expect(maskReviewerName('安心会员2026')).toBe('安***6');
    expect(maskReviewerName('李')).toBe('李***');
    expect(maskReviewerName('')).toBe('匿***');
  });
});
