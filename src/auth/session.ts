import { type QueryClient, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { getAuthUser, getCsrfCookie, getGetAuthUserQueryKey, login, logout } from '../../generated/hooks/auth/auth.ts';
import { getAllBusinesses, getGetAllBusinessesQueryKey } from '../../generated/hooks/businesses/businesses.ts';
import type { Business, LoginBody } from '../../generated/model/index.ts';
import { getSelectedBusinessId, setSelectedBusinessId } from '../api/selected-business.ts';
import { storeUser } from './permission-store.ts';

// Fired by the query client whenever the server answers 401, so that the app can send the user to sign in.
export const sessionExpiredEvent = 'session-expired';

export function isUnauthenticated(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 401;
}

export const authUserQueryKey = getGetAuthUserQueryKey();
export const businessesQueryKey = getGetAllBusinessesQueryKey();

// docs/domain/screens.md, Start-up and sign-out: the user (stored locally, which tells the sidebar to draw), then the
// businesses. main.tsx asks for both at once as the page starts, beside the screen's code (prefetchSession).
const authUserQuery = {
  queryKey: authUserQueryKey,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const response = await getAuthUser(undefined, signal);
    storeUser(response.user);
    return response;
  },
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
};

const businessesQuery = {
  queryKey: businessesQueryKey,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const { businesses } = await getAllBusinesses(undefined, signal);
    selectBusinessFrom(businesses);
    return businesses;
  },
  staleTime: Number.POSITIVE_INFINITY,
};

export function useAuthUser() {
  return useQuery(authUserQuery);
}

export function useBusinesses(enabled: boolean) {
  return useQuery({ ...businessesQuery, enabled });
}

// On a phone's 150 ms line the two questions cost a round trip each: asked together, while the scripts still load,
// they are answered by the time the shell could draw. Signed out, both answer 401 and the shell sends the user to
// sign in as it would have.
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(authUserQuery);
  void queryClient.prefetchQuery({ ...businessesQuery, retry: false }).then(() => {
    // Signed out: forgotten, so that signing in asks again rather than showing the refusal.
    if (queryClient.getQueryState(businessesQueryKey)?.status === 'error') {
      queryClient.removeQueries({ queryKey: businessesQueryKey });
    }
  });
}

// The first business is selected, unless the user already picked one on /businesses/select that is still theirs.
export function selectBusinessFrom(businesses: readonly Business[]): void {
  const current = getSelectedBusinessId();
  if (current !== null && businesses.some((business) => business.id === current)) return;
  setSelectedBusinessId(businesses[0]?.id ?? null);
}

// POST /login needs the XSRF-TOKEN cookie first; axios then echoes it as X-XSRF-TOKEN by itself.
export async function signIn(credentials: LoginBody) {
  await getCsrfCookie();
  const response = await login(credentials);
  storeUser(response.user);
  return response;
}

// docs/domain/screens.md, Start-up and sign-out: whether the server agrees or not, local data is cleared and the page
// reloads.
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // A failed logout still signs the user out of this browser.
  } finally {
    localStorage.clear();
    window.location.reload();
  }
}
