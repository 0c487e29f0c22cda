import type { Query, QueryClient } from '@tanstack/react-query';

// A payment changes the document it pays (its amount paid, balance and status, its payments list): what is cached
// of that resource and not on screen is dropped, so that going back to the document shows it as it is now rather
// than as it was; what is on screen is read again.
export function refreshPaidDocuments(queryClient: QueryClient, prefix: 'invoices' | 'bills'): Promise<void> {
  const predicate = (query: Query) => {
    const [first] = query.queryKey;
    return first === prefix || (typeof first === 'string' && first.startsWith(`/api/${prefix}`));
  };
  queryClient.removeQueries({ predicate, type: 'inactive' });
  return queryClient.invalidateQueries({ predicate });
}
