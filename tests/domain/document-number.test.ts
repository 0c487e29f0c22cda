import { describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/business-date.ts';
import { formatDocumentNumber, formatReferenceNumber } from '../../server/domain/document-number.ts';

describe('document numbers', () => {
  it('formats a branch invoice number', () => {
    expect(formatDocumentNumber('invoice', '2026-11-21', { branch_id: 3, warehouse_id: null }, 1)).toBe(
      'I-20261121-B00003-00000001',
    );
  });

  it('marks a warehouse location with W and uses the long prefixes of logistics', () => {
    expect(formatDocumentNumber('stock-receive', '2026-01-05', { branch_id: null, warehouse_id: 12 }, 123)).toBe(
      'SRC-20260105-W00012-00000123',
    );
    expect(formatDocumentNumber('stock-return', '2026-01-05', { branch_id: null, warehouse_id: 1 }, 7)).toMatch(
      /^SRT-20260105-W00001-00000007$/,
    );
  });

  it('formats a reference number with the contact id plus one', () => {
    expect(formatReferenceNumber(41, '2026-11-21', 9)).toBe('RN-00000042-20261121-0009');
  });

  it('dates numbers by the Manila calendar day', () => {
    expect(businessDate(new Date('2026-11-20T17:30:00Z'))).toBe('2026-11-21');
    expect(businessDate(new Date('2026-11-20T15:30:00Z'))).toBe('2026-11-20');
  });
});
