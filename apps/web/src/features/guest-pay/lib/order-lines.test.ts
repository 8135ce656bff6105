import { guestLineKind, orderGuestLines } from '@anxin/shared/guest-pay/guest-pay.contract';
import { describe, expect, it } from 'vitest';
import { groupOrderLines } from './order-lines.ts';

const line = (code: string, mark: number, combinationId: string | null = null) => ({
  code,
  mark,
  combinationId,
  kind: guestLineKind(mark, combinationId),
});

describe('groupOrderLines', () => {
  it('nests a combo’s children under their parent; gifts, prizes and ordinary lines stay entries', () => {
    const lines = orderGuestLines([
      line('A', 1),
      line('P', 5, 'c7'),
      line('Z', 13),
      line('G', 3, 'c7'),
      line('C1', 6, 'c7'),
      line('C2', 6, 'c7'),
    ]);
    const entries = groupOrderLines(lines);
    expect(
      entries.map((entry) => [entry.line.code, entry.line.kind, entry.children.map((child) => child.line.code)]),
    ).toEqual([
      ['A', 'ordinary', []],
      ['P', 'comboParent', ['C1', 'C2']],
      ['G', 'gift', []],
      ['Z', 'prize', []],
    ]);
    // Every line keeps its place in the order's list as its key.
    expect(
      new Set(entries.flatMap((entry) => [entry.position, ...entry.children.map((child) => child.position)])).size,
    ).toBe(6);
  });

  it('a child without its parent stays visible', () => {
    const entries = groupOrderLines([line('C', 8, 'c3')]);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.line.kind).toBe('comboChild');
  });
});
