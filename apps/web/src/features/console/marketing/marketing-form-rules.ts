import { couponBatchStartSchema, phonesOfText } from '@anxin/shared/staff/console-assets.contract';
import type { FormRule } from 'antd';
import type { z } from 'zod';

/** Yuan typed in a field as the cents the server takes (19.9 → 1990, not 1989). */
export const centsOf = (yuan: number) => Math.round(yuan * 100);

/**
 * A required number field checked by the server's schema (of the value `toSent` makes of it, the cents of a yuan
 * field), so the page says the server's message. antd's `requiredFieldRules` is for text: its whitespace check
 * refuses a number.
 */
export function numberRules(
  schema: z.ZodType,
  emptyMessage: string,
  toSent: (value: number) => number = (value) => value,
): FormRule[] {
  return [
    { required: true, message: emptyMessage },
    {
      validator: async (_rule, value: number | null | undefined) => {
        if (value === null || value === undefined) return;
        const result = schema.safeParse(toSent(value));
        if (!result.success) throw new Error(result.error.issues[0]?.message);
      },
    },
  ];
}

/** A required yuan field checked as the server checks its cents. */
export const yuanRules = (schema: z.ZodType, emptyMessage: string) => numberRules(schema, emptyMessage, centsOf);

/** What the server would refuse of a batch's phones (pasted text) and 全部会员, or undefined. */
export function batchTargetRefusal(phonesText: string, allMembers: boolean): string | undefined {
  const result = couponBatchStartSchema.safeParse({ templateId: 1, phones: phonesOfText(phonesText), allMembers });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'phones')?.message;
}

/** 增加 120 健康币 / 扣减 30 健康币. */
export const coinChangeText = (amount: number) => `${amount > 0 ? '增加' : '扣减'} ${Math.abs(amount)} 健康币`;
