import type { MallConfig } from '@anxin/shared/mall/mall-config';
import { MALL_CONFIG_FORM_KEYS, type MallConfigChanges } from '@anxin/shared/staff/console-operations.contract';

/**
 * The keys whose value in the form differs from the saved one: the new value, or null when it is the default
 * again (the stored value is then removed, so a later change of the default in code reaches it).
 */
export function changesOf(form: Partial<MallConfig>, saved: MallConfig, defaults: MallConfig): MallConfigChanges {
  const changes: Record<string, unknown> = {};
  for (const key of MALL_CONFIG_FORM_KEYS) {
    const value = typeof form[key] === 'string' ? (form[key] as string).trim() : form[key];
    if (value === undefined || value === saved[key]) continue;
    changes[key] = value === defaults[key] ? null : value;
  }
  return changes as MallConfigChanges;
}
