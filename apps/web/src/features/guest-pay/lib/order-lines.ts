// The lines of a guest order carry a mark that says what each is: an ordinary line, a combo (a set sold as
// one, its parent line and its child lines), a gift that comes with a purchase, or a prize. The page shows
// them as such: children under their combo, gifts and prizes tagged and not counted as bought items.

/** What a line of a guest order is, by its mark (and its combinationId for marks 3 and 15). */
export type LineKind = 'ordinary' | 'comboParent' | 'comboChild' | 'gift' | 'prize';

const COMBO_PARENT_MARKS = new Set([5, 7, 17]);
const COMBO_CHILD_MARKS = new Set([6, 8, 18]);
/** 3 and 15 are a gift when they belong to a combination (a purchase), a prize when they do not. */
const GIFT_OR_PRIZE_MARKS = new Set([3, 15]);
const PRIZE_MARKS = new Set([13]);

type MarkedLine = { mark: number | string | null; combinationId?: number | string | null };

const hasCombination = (line: MarkedLine) =>
  line.combinationId !== null && line.combinationId !== undefined && String(line.combinationId) !== '';

/** Marks 1, 2, 24, 25 (and any mark not listed) are ordinary lines. */
export function lineKind(line: MarkedLine): LineKind {
  const mark = Number(line.mark);
  if (COMBO_PARENT_MARKS.has(mark)) return 'comboParent';
  if (COMBO_CHILD_MARKS.has(mark)) return 'comboChild';
  if (GIFT_OR_PRIZE_MARKS.has(mark)) return hasCombination(line) ? 'gift' : 'prize';
  if (PRIZE_MARKS.has(mark)) return 'prize';
  return 'ordinary';
}

/** A line and its place among the order's lines (a stable key: a product may appear twice, as a gift too). */
export type PlacedLine<L> = { line: L; position: number };

/** One entry of the item list: a line, with the child lines of its combo when it is a combo parent. */
export type ItemEntry<L> = PlacedLine<L> & { kind: LineKind; children: PlacedLine<L>[] };

/**
 * The lines as the list shows them, in the order's order: each combo's children under their parent (same
 * combinationId); a child whose parent is missing stays a line of its own, so nothing bought is hidden.
 */
export function groupOrderLines<L extends MarkedLine>(lines: readonly L[]): ItemEntry<L>[] {
  const entries: ItemEntry<L>[] = [];
  const parents = new Map<string, ItemEntry<L>>();
  for (const [position, line] of lines.entries()) {
    const entry: ItemEntry<L> = { line, position, kind: lineKind(line), children: [] };
    if (entry.kind === 'comboParent' && hasCombination(line)) parents.set(String(line.combinationId), entry);
    entries.push(entry);
  }
  // Children join their parent wherever they stand in the order.
  return entries.filter((entry) => {
    if (entry.kind !== 'comboChild' || !hasCombination(entry.line)) return true;
    const parent = parents.get(String(entry.line.combinationId));
    if (!parent) return true;
    parent.children.push({ line: entry.line, position: entry.position });
    return false;
  });
}

/** Entries shown before 展开全部 (the spec's limit: 3). */
export const ITEMS_SHOWN_FOLDED = 3;

export const LINE_KIND_TAG: Record<LineKind, string | null> = {
  ordinary: null,
  comboParent: '套餐',
  comboChild: '套餐内',
  gift: '赠品',
  prize: '奖品',
};
