import { describe, expect, it } from 'vitest';
import {
  paymentStatus,
  purchaseOrderStatus,
  stockRequestStatus,
  stockTransferStatus,
} from '../../server/domain/document-status.ts';

describe('document statuses', () => {
  it('moves a purchase order from open to partially received to received', () => {
    expect(purchaseOrderStatus([{ quantity: 2000, received_quantity: 0 }])).toBe('open');
    expect(
      purchaseOrderStatus([
        { quantity: 2000, received_quantity: 2000 },
        { quantity: 1000, received_quantity: 0 },
      ]),
    ).toBe('partially_received');
    expect(purchaseOrderStatus([{ quantity: 2000, received_quantity: 2000 }])).toBe('received');
  });

  it('moves a bill or invoice from unpaid to partially paid to paid', () => {
    expect(paymentStatus(10_000, 0)).toBe('unpaid');
    expect(paymentStatus(10_000, 9_999)).toBe('partially_paid');
    expect(paymentStatus(10_000, 10_000)).toBe('paid');
  });

  it('completes a transfer only when received plus returned covers every line', () => {
    expect(stockTransferStatus([{ quantity: 5000, received_quantity: 0, returned_quantity: 0 }])).toBe('in_transit');
    expect(stockTransferStatus([{ quantity: 5000, received_quantity: 3000, returned_quantity: 1000 }])).toBe(
      'partially_received',
    );
    expect(stockTransferStatus([{ quantity: 5000, received_quantity: 3000, returned_quantity: 2000 }])).toBe(
      'completed',
    );
  });

  it('moves a request from pending to partially transferred to transferred', () => {
    expect(stockRequestStatus([{ quantity: 1000, transferred_quantity: 0 }])).toBe('pending');
    expect(stockRequestStatus([{ quantity: 1000, transferred_quantity: 500 }])).toBe('partially_transferred');
    expect(stockRequestStatus([{ quantity: 1000, transferred_quantity: 1000 }])).toBe('transferred');
  });
});
