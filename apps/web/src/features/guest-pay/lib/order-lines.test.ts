import { describe, expect, it } from 'vitest';
import { groupOrderLines, lineKind } from './order-lines.ts';

describe('mark values of guest order lines', () => {
  it('ordinary lines: 1, 2, 24, 25', () => {
    for (const mark of [1, 2, 24, 25]) expect(lineKind({ mark, combinationId: null })).toBe('ordinary');
    expect(lineKind({ mark: '1' })).toBe('ordinary');
  });

  it('combo parents 5, 7, 17 and their children 6, 8, 18', () => {
    for (const mark of [5, 7, 17]) expect(lineKind({ mark, combinationId: 9 })).toBe('comboParent');
    for (const mark of [6, 8, 18]) expect(lineKind({ mark, combinationId: 9 })).toBe('comboChild');
  });

  it('3 with a combinationId is a gift; 13, and 3 or 15 without one, a prize', () => {
    expect(lineKind({ mark: 3, combinationId: 'c1' })).toBe('gift');
    expect(lineKind({ mark: 15, combinationId: 'c1' })).toBe('gift');
    expect(lineKind({ mark: 3, combinationId: null })).toBe('prize');
    expect(lineKind({ mark: 3, combinationId: '' })).toBe('prize');
    expect(lineKind({ mark: 15 })).toBe('prize');
    expect(lineKind({ mark: 13, combinationId: 'c1' })).toBe('prize');
  });
});

describe('groupOrderLines', () => {
  it('puts a combo’s children under their parent and keeps the order of the rest', () => {
    const lines = [
      { code: 'A', mark: 1, combinationId: null },
      { code: 'P', mark: 5, combinationId: 7 },
      { code: 'G', mark: 3, combinationId: 4 },
      { code: 'C1', mark: 6, combinationId: 7 },
      { code: 'C2', mark: 6, combinationId: 7 },
      { code: 'Z', mark: 13, combinationId: null },
    ];
    const entries = groupOrderLines(lines);
    expect(entries.map((entry) => entry.position)).toEqual([0, 1, 2, 5]);
    expect(
      entries.map((entry) => [entry.line.code, entry.kind, entry.children.map((child) => child.line.code)]),
    ).toEqual([
      ['A', 'ordinary', []],
      ['P', 'comboParent', ['C1', 'C2']],
      ['G', 'gift', []],
      ['Z', 'prize', []],
    ]);
  });

  it('a child without its parent stays visible', () => {
    const entries = groupOrderLines([{ mark: 8, combinationId: 3 }]);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.kind).toBe('comboChild');
  });
});
