/** The pager shows the page numbers in groups of 5. */
export const PAGE_GROUP_SIZE = 5;

/** The page numbers of the group that holds `current` (1-6 → 1..5 or 6..); empty when there are no pages. */
export function pagesOfGroup(current: number, totalPages: number, groupSize = PAGE_GROUP_SIZE): number[] {
  if (totalPages < 1) return [];
  const first = Math.floor((Math.max(1, Math.min(current, totalPages)) - 1) / groupSize) * groupSize + 1;
  const last = Math.min(first + groupSize - 1, totalPages);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
