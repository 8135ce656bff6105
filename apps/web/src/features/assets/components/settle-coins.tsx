import { coinsToCents } from '@anxin/shared/assets/assets.contract';
import { formatYuan } from '@anxin/shared/common/money';
import { Checkbox } from 'antd';
import '../assets.css';

type Props = { balance: number; maxCoins: number; isUsed: boolean; onChange: (isUsed: boolean) => void };

/** 健康币 at settlement: use as many as allowed (the balance, at most the product money after the coupon). */
export function SettleCoins({ balance, maxCoins, isUsed, onChange }: Props) {
  return (
    <section className="card settle__section settle-coins" data-testid="settle-coins">
      <h2 className="card__title">健康币</h2>
      {maxCoins > 0 ? (
        <Checkbox checked={isUsed} onChange={(event) => onChange(event.target.checked)} data-testid="settle-coins-use">
          使用 {maxCoins} 健康币，抵扣 ¥{formatYuan(coinsToCents(maxCoins))}
          <span className="settle-coins__balance">（当前 {balance} 健康币，100健康币抵扣1元）</span>
        </Checkbox>
      ) : (
        <p className="settle-coupons__none">
          当前 {balance} 健康币{balance > 0 ? '，本单不可抵扣' : ''}
        </p>
      )}
    </section>
  );
}
