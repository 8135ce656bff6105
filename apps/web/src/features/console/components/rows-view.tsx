import { Empty, Pagination, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useIsNarrow } from '../lib/use-media-query.ts';

export type DataPaging = { page: number; pageSize: number; total: number; onChange: (page: number) => void };

type RowsViewProps<T> = {
  /** What the rows are, for a screen reader (the table's name). */
  label: string;
  items: T[] | undefined;
  rowKey: (row: T) => string;
  columns: ColumnsType<T>;
  /** One row as a card on a phone. */
  card: (row: T) => ReactNode;
  isLoading: boolean;
  emptyText: string;
  paging?: DataPaging;
};

/**
 * A list of the console: a table on a wide screen; on a phone one card per row, so nothing scrolls sideways.
 * The pager below either (none when everything fits one page).
 */
export function RowsView<T extends object>(props: RowsViewProps<T>) {
  const isNarrow = useIsNarrow();
  const { paging } = props;
  const pager =
    paging && paging.total > paging.pageSize ? (
      <Pagination
        className="rows-view__pager"
        current={paging.page}
        pageSize={paging.pageSize}
        total={paging.total}
        onChange={paging.onChange}
        showSizeChanger={false}
        simple={isNarrow}
        showTotal={isNarrow ? undefined : (total) => `共 ${total} 条`}
      />
    ) : null;

  if (!isNarrow) {
    return (
      <>
        <Table<T>
          aria-label={props.label}
          rowKey={props.rowKey}
          columns={props.columns}
          dataSource={props.items}
          loading={props.isLoading}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} /> }}
        />
        {pager}
      </>
    );
  }
  if (props.isLoading && !props.items) return <Skeleton active />;
  if (!props.items?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />;
  return (
    <>
      <ul className="console-cards" aria-label={props.label}>
        {props.items.map((row) => (
          <li key={props.rowKey(row)}>{props.card(row)}</li>
        ))}
      </ul>
      {pager}
    </>
  );
}

/** A label–value line of a card. */
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="console-card__line">
      <span>{label}</span>
      <span>{children}</span>
    </span>
  );
}
