import type { CouponTemplate } from '@anxin/shared/staff/console-assets.contract';
import { yuan } from '../../../lib/format.ts';

/** 满¥99.00减¥20.00 · 60天 / 运费补贴¥10.00 无门槛 · 30天: a template's terms in one line. */
export function couponTermsText(template: Pick<CouponTemplate, 'couponType' | 'couponValue' | 'minConsume' | 'days'>) {
  const value = template.couponType === 4 ? `运费补贴${yuan(template.couponValue)}` : `减${yuan(template.couponValue)}`;
  const minimum = template.minConsume ? `满${yuan(template.minConsume)}` : '无门槛';
  return `${minimum}${template.couponType === 4 ? ' ' : ''}${value} · ${template.days}天`;
}
