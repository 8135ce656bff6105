import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes.ts';

describe('auditChanges', () => {
  it('lists the fields that changed, as text, leaving out those that did not', () => {
    expect(
      auditChanges(
        { orderType: 'waitDelivery', sum: 3200, waybill: null },
        { orderType: 'waitReceiving', sum: 3200, waybill: 'SF123', groups: [['a'], ['b']] },
      ),
    ).toEqual([
      { field: 'orderType', before: 'waitDelivery', after: 'waitReceiving' },
      { field: 'waybill', before: '', after: 'SF123' },
      { field: 'groups', before: '', after: '[["a"],["b"]]' },
    ]);
  });

  it('reads a creation (no before) and a removal (no after)', () => {
    expect(auditChanges(null, { status: 'passed' })).toEqual([{ field: 'status', before: '', after: 'passed' }]);
    expect(auditChanges({ status: 'open' }, null)).toEqual([{ field: 'status', before: 'open', after: '' }]);
  });
});
