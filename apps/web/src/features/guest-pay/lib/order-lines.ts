import type { GuestLineKind } from '@anxin/shared/guest-pay/guest-pay.contract';

// The lines of a guest order carry their kind (an ordinary line, a combo's parent or child, a gift, a prize),
// computed by the server from the mark with the shared rule (guestLineKind), and come in the order the page
// lists them (orderGuestLines). The page nests each combo's children under their parent, so a combo reads as
// one item of the list.

type KindedLine = { kind: GuestLineKind; combinationId: string | null };

/** A line and its place among the order's lines (a stable key: a product may appear twice, as a gift too). */
export type PlacedLine<L> = { line: L; position: number };

/** One entry of the item list: a line, with the child lines of its combo when it is a combo parent. */
export type ItemEntry<L> = PlacedLine<L> & { children: PlacedLine<L>[] };

/**
 * The lines as the list shows them, in the order's order: each combo's children under their parent (same
 * combinationId); a child whose parent is missing stays a line of its own, so nothing bought is hidden.
 */
export function groupOrderLines<L extends KindedLine>(lines: readonly L[]): ItemEntry<L>[] {
  const entries: ItemEntry<L>[] = [];
  const parents = new Map<string, ItemEntry<L>>();
  for (const [position, line] of lines.entries()) {
    const parent = line.kind === 'comboChild' && line.combinationId ? parents.get(line.combinationId) : undefined;
    if (parent) {
      parent.children.push({ line, position });
      continue;
    }
    const entry: ItemEntry<L> = { line, position, children: [] };
    if (line.kind === 'comboParent' && line.combinationId) parents.set(line.combinationId, entry);
    entries.push(entry);
  }
  return entries;
}
