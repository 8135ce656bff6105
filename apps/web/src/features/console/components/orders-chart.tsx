import type { Dashboard } from '@anxin/shared/staff/console.contract';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const ORDERS_COLOR = '#0b7d47';
const REVIEWS_COLOR = '#0958d9';

/**
 * Straight segments between the days (a smoothed curve draws bumps that are not in whole counts), drawn at once:
 * a chart caught half-drawn by an animation reads wrong.
 */
const LINE = { type: 'linear', strokeWidth: 2, dot: { r: 2 }, isAnimationActive: false } as const;

/** '2026-11-28' → '11-28'. */
const shortDay = (day: string) => day.slice(5);

/**
 * The last 30 days' orders and prescription reviews as two lines (recharts, a part of its own: the dashboard's
 * figures show before it arrives, and no page of the site loads it).
 */
export function OrdersChart({ days, height }: { days: Dashboard['days']; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={days} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="#ebebeb" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={{ fill: '#595959', fontSize: 12 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fill: '#595959', fontSize: 12 }} width={48} />
        <Tooltip labelFormatter={(day) => String(day)} />
        <Legend />
        <Line {...LINE} dataKey="orders" name="订单" stroke={ORDERS_COLOR} />
        <Line {...LINE} dataKey="rxReviews" name="处方审核" stroke={REVIEWS_COLOR} />
      </LineChart>
    </ResponsiveContainer>
  );
}
