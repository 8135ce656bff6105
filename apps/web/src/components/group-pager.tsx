import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_GROUP_SIZE, pagesOfGroup } from './page-groups.ts';
import './group-pager.css';

type GroupPagerProps = {
  current: number;
  totalPages: number;
  totalElements: number;
  /** What is counted, after the number: '个订单', '张补贴', '条记录'. */
  unit: string;
  onChange: (page: number) => void;
};

/**
 * 上一页 · [«…] · 5 page numbers · […»] · 下一页. The … buttons jump to the previous or next group of 5 pages.
 */
export function GroupPager({ current, totalPages, totalElements, unit, onChange }: GroupPagerProps) {
  if (totalPages <= 1) return null;
  const pages = pagesOfGroup(current, totalPages);
  const first = pages[0] ?? 1;
  const last = pages.at(-1) ?? 1;
  return (
    <nav className="group-pager" aria-label="分页">
      <button
        type="button"
        className="group-pager__button"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        <LeftOutlined /> 上一页
      </button>
      {first > 1 ? (
        <button
          type="button"
          className="group-pager__button"
          title="前5页"
          aria-label="前5页"
          onClick={() => onChange(first - PAGE_GROUP_SIZE)}
        >
          …
        </button>
      ) : null}
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          className={page === current ? 'group-pager__button group-pager__button--current' : 'group-pager__button'}
          aria-current={page === current ? 'page' : undefined}
          onClick={() => page !== current && onChange(page)}
        >
          {page}
        </button>
      ))}
      {last < totalPages ? (
        <button
          type="button"
          className="group-pager__button"
          title="后5页"
          aria-label="后5页"
          onClick={() => onChange(last + 1)}
        >
          …
        </button>
      ) : null}
      <button
        type="button"
        className="group-pager__button"
        disabled={current >= totalPages}
        onClick={() => onChange(current + 1)}
      >
        下一页 <RightOutlined />
      </button>
      <span className="group-pager__total">
        共 {totalPages} 页，{totalElements} {unit}
      </span>
    </nav>
  );
}
