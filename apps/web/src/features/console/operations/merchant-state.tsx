import { MERCHANT_ENTRY_STATUS_TEXT, type MerchantEntry } from '@anxin/shared/merchants/merchant-entry.contract';
import { Tag } from 'antd';

const STATUS_COLOR: Record<MerchantEntry['status'], string> = { 0: 'processing', 1: 'success', 2: 'error' };

/** An application's state: 审核中, 已通过, 未通过. */
export function MerchantStateTag({ status }: { status: MerchantEntry['status'] }) {
  return <Tag color={STATUS_COLOR[status]}>{MERCHANT_ENTRY_STATUS_TEXT[status]}</Tag>;
}

/** The console's page of an application. */
export const merchantApplicationPath = (id: number) => `/admin/merchants/${id}`;
