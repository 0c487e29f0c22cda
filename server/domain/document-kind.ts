// The document kinds, named as the count endpoints name them, with their number prefixes.
export const documentKinds = [
  'purchase-order',
  'receive-order',
  'bill',
  'bill-payment',
  'quotation',
  'invoice',
  'invoice-payment',
  'stock-request',
  'stock-transfer',
  'stock-receive',
  'stock-return',
  'job-order',
  'stock-adjustment',
  'stock-count',
  'z-reading',
] as const;

export type DocumentKind = (typeof documentKinds)[number];

export type ReferencedDocumentKind = 'purchase-order' | 'quotation' | 'invoice';

export const documentPrefixes: Record<DocumentKind, string> = {
  'purchase-order': 'PO',
  'receive-order': 'RO',
  bill: 'B',
  'bill-payment': 'BP',
  quotation: 'Q',
  invoice: 'I',
  'invoice-payment': 'IP',
  'stock-request': 'SR',
  'stock-transfer': 'ST',
  'stock-receive': 'SRC',
  'stock-return': 'SRT',
  'job-order': 'JO',
  'stock-adjustment': 'ADJ',
  'stock-count': 'CNT',
  'z-reading': 'Z',
};
