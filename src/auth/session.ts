import { useQuery } from '@tanstack/react-query';
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
// businesses.
export function useAuthUser() {
  return useQuery({
    queryKey: authUserQueryKey,
    queryFn: async ({ signal }) => {
      const response = await getAuthUser(undefined, signal);
      storeUser(response.user);
      return response;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBusinesses(enabled: boolean) {
  return useQuery({
    queryKey: businessesQueryKey,
    queryFn: async ({ signal }) => {
      const { businesses } = await getAllBusinesses(undefined, signal);
      selectBusinessFrom(businesses);
      return businesses;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
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
