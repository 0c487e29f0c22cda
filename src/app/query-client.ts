import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthenticated, sessionExpiredEvent } from '../auth/session.ts';
import { isFinalRefusal } from '../screens/shared/request-error.ts';

// Any 401 from any call means the session ended: tell the shell, which sends the user to sign in.
function onError(error: unknown): void {
  if (isUnauthenticated(error)) window.dispatchEvent(new Event(sessionExpiredEvent));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal or a missing record answers the same however often it is asked: show it at once.
        retry: (failures, error) => !isFinalRefusal(error) && failures < 2,
      },
    },
  });
}
