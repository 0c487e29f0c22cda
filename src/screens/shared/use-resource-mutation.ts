import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceApi } from '../../resources/resource.ts';

// Every write to a resource invalidates its lists and the record's detail, whatever the caller does on success:
// the invalidation sits in the mutation itself, where a caller's onSuccess cannot replace it.
export function useResourceMutation<TVariables, TResult>(
  api: ResourceApi,
  write: (variables: TVariables) => Promise<TResult>,
  recordId: (variables: TVariables, result: TResult) => number | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: TVariables) => {
      const result = await write(variables);
      const id = recordId(variables, result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: api.listKey() }),
        id === null
          ? Promise.resolve()
          : queryClient.invalidateQueries({ queryKey: api.detailKey(id), refetchType: 'none' }),
      ]);
      return result;
    },
  });
}
