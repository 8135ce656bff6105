import type { HTMLAttributes, ReactNode } from 'react';
import './table-cards.css';

/** The class that turns a table into cards on a phone (table-cards.css). */
export const TABLE_CARDS_CLASS = 'table-cards';

type LabelledColumn = { title: ReactNode; onCell?: unknown };

/**
 * antd Table columns whose cells carry their column's title as `data-label`, which a card shows before the
 * value on a phone (table-cards.css).
 */
export function withCardLabels<Column extends LabelledColumn>(columns: Column[]): Column[] {
  return columns.map((column) => ({
    ...column,
    onCell: () => ({ 'data-label': String(column.title) }) as HTMLAttributes<HTMLElement>,
  }));
}
