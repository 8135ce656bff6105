import { Empty } from 'antd';
import { useSearchParams } from 'react-router';

/** The search page; the catalogue is not built yet, so it names the search and nothing more. */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const keyword = (searchParams.get('keyword') ?? '').trim();

  return (
    <div className="container">
      <div className="card search-page">
        <h1 className="search-page__title">{keyword ? `搜索"${keyword}"` : '商品搜索'}</h1>
        <Empty description="商品目录即将上线，敬请期待" />
      </div>
    </div>
  );
}
