import type { Query, QueryClient } from '@tanstack/react-query';
import { type ResourceApi, type ResourceRecord, readField } from './resource.ts';

// A payment changes the document it pays (its amount paid, balance and status, its payments list), and a follow-up
// the document it follows (a receipt its order's received quantities and status): what is cached of that resource
// and not on screen is dropped, so that going back to the document shows it as it is now rather than as it was; what
// is on screen is read again.
export function refreshPaidDocuments(
  queryClient: QueryClient,
  prefix: 'invoices' | 'bills' | 'purchase-orders' | 'stock-transfers',
): Promise<void> {
  const predicate = (query: Query) => {
    const [first] = query.queryKey;
    return first === prefix || (typeof first === 'string' && first.startsWith(`/api/${prefix}`));
  };
  queryClient.removeQueries({ predicate, type: 'inactive' });
  return queryClient.invalidateQueries({ predicate });
}

// A paid document still has something to pay while its balance is above zero.
export function hasBalance(document: ResourceRecord): boolean {
  return Number(readField(document, 'balance')) > 0;
}

type RelatedRows = NonNullable<ResourceApi['related']>[number];

// The Payments section under an invoice's or a bill's view; `load` reads the payments of one document.
export function paymentsSection(
  prefix: 'invoices' | 'bills',
  load: (id: number, signal?: AbortSignal) => Promise<{ data: readonly object[] }>,
): RelatedRows {
  return {
    caption: 'Payments',
    columns: [
      { field: 'number', label: 'Number' },
      { field: 'payment_date', label: 'Payment Date', kind: 'date' },
      { field: 'payment_method', label: 'Method', kind: 'payment-method' },
      { field: 'reference', label: 'Reference' },
      { field: 'amount', label: 'Amount', kind: 'money' },
    ],
    queryKey: (id) => [prefix, id, 'payments'],
    load: async (id, signal) => (await load(id, signal)).data.map((payment) => ({ ...payment })),
  };
}
