import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result carries its 403/404/500 illustrations (about 8 KB compressed). Most pages show one only when
// something went wrong, so it is fetched when first shown instead of with every page that might show it.
const AntdResult = lazy(() => import('antd/es/result/index.js'));

/** antd's Result, fetched on first use. */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntdResult {...props} />
    </Suspense>
  );
}
