import { describe, expect, it } from 'vitest';
import { pagesOfGroup } from './page-groups.ts';

describe('pagesOfGroup', () => {
  it.each([
    [1, 7, [1, 2, 3, 4, 5]],
    [5, 7, [1, 2, 3, 4, 5]],
    [6, 7, [6, 7]],
    [7, 7, [6, 7]],
    [3, 3, [1, 2, 3]],
    [11, 12, [11, 12]],
    [10, 12, [6, 7, 8, 9, 10]],
    [99, 7, [6, 7]],
    [0, 7, [1, 2, 3, 4, 5]],
    [1, 0, []],
  ])('page %d of %d shows %j', (current, total, pages) => {
    expect(pagesOfGroup(current, total)).toEqual(pages);
  });
});
