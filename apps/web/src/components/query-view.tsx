import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../lib/api-client.ts';
import { Result } from './result.tsx';
import './query-view.css';

/**
 * A query's page body: a skeleton while it loads, the reason and 重试 when it failed, else `children` with the
 * data (the member's lists: subsidies, favourites, reservations, invoices).
 */
export function QueryView<T>({
  query,
  skeletonRows = 8,
  children,
}: {
  query: UseQueryResult<T>;
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: skeletonRows }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={getErrorMessage(query.error)}
        extra={<Button onClick={() => query.refetch()}>重试</Button>}
      />
    );
  return children(query.data);
}

/** An empty member list that offers the shop: 去首页逛逛. */
export function GoShoppingEmpty({ description, testId }: { description: string; testId: string }) {
  return (
    <Empty className="go-shopping-empty" description={description} data-testid={testId}>
      <Link to="/">
        <Button type="primary">去首页逛逛</Button>
      </Link>
    </Empty>
  );
}
