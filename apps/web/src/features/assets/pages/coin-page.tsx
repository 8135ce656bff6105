import { COIN_PAGE_SIZE, COIN_RULE_PROTOCOL_CODE, type CoinRecord } from '@anxin/shared/assets/assets.contract';
import { Button, Empty, Result, Skeleton, Table, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, pageFromParam } from '../../../lib/format.ts';
import { useProtocol } from '../../agreement/index.ts';
import '../assets.css';
import '../../../components/member-list.css';
import { GroupPager } from '../../../components/group-pager.tsx';
import { TABLE_CARDS_CLASS, withCardLabels } from '../../../components/table-cards.ts';
import { useCoinTotal } from '../api/get-coin-total.ts';
import { useCoins } from '../api/get-coins.ts';

const COLUMNS = withCardLabels([
  {
    title: '日期',
    dataIndex: 'createDate',
    width: 200,
    render: (value: string) => formatDateTime(value, 'YYYY-MM-DD HH:mm'),
  },
  {
    title: '收入/支出',
    dataIndex: 'coinAmount',
    width: 140,
    render: (value: number) => (
      <span className={value > 0 ? 'coin-amount coin-amount--in' : 'coin-amount coin-amount--out'}>
        {value > 0 ? `+${value}` : value}
      </span>
    ),
  },
  { title: '说明', dataIndex: 'description' },
]);

function CoinDetail({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const coins = useCoins({ page, size: COIN_PAGE_SIZE });
  if (coins.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (coins.isError)
    return (
      <Result
        status="warning"
        title={getErrorMessage(coins.error)}
        extra={<Button onClick={() => coins.refetch()}>重试</Button>}
      />
    );
  return (
    <>
      <Table<CoinRecord>
        rowKey="id"
        size="middle"
        className={TABLE_CARDS_CLASS}
        columns={COLUMNS}
        dataSource={coins.data.content}
        pagination={false}
        locale={{ emptyText: <Empty description="暂无健康币记录" /> }}
        data-testid="coin-table"
      />
      <GroupPager
        unit="条记录"
        current={page}
        totalPages={coins.data.totalPages}
        totalElements={coins.data.totalElements}
        onChange={onPage}
      />
    </>
  );
}

function CoinRules() {
  const rule = useProtocol(COIN_RULE_PROTOCOL_CODE);
  if (rule.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (rule.isError || !rule.data)
    return <Result status="warning" title={rule.isError ? getErrorMessage(rule.error) : '暂无规则说明'} />;
  return (
    <div className="coin-rule" data-testid="coin-rule">
      {rule.data.content.split('\n').map((line, index) => (
        // The text's lines have no ids of their own; their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: static text lines
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}

/** /user/account/coin: the balance, tabs 明细 (10 a page) · 规则 (the coin-rule protocol text). */
export function CoinPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'rule' ? 'rule' : 'detail';
  const page = pageFromParam(searchParams.get('page'));
  const total = useCoinTotal();

  const go = (next: { tab: string; page: number }) => {
    const search = new URLSearchParams();
    if (next.tab === 'rule') search.set('tab', 'rule');
    if (next.page > 1) search.set('page', String(next.page));
    navigate({ search: search.toString() ? `?${search}` : '' });
  };

  return (
    <div className="card member-list-page">
      <header className="card__header">
        <h3 className="card__title">健康币</h3>
      </header>
      <div className="coin-balance">
        当前健康币
        <strong data-testid="coin-balance">{total.data ? total.data.total : '—'}</strong>
      </div>
      <Tabs
        activeKey={tab}
        onTabClick={(key) => go({ tab: key, page: 1 })}
        items={[
          {
            key: 'detail',
            label: <span data-testid="coin-tab-detail">明细</span>,
            children: (
              <CoinDetail
                page={page}
                onPage={(next) => {
                  go({ tab: 'detail', page: next });
                  window.scrollTo({ top: 0 });
                }}
              />
            ),
          },
          { key: 'rule', label: <span data-testid="coin-tab-rule">规则</span>, children: <CoinRules /> },
        ]}
      />
    </div>
  );
}
