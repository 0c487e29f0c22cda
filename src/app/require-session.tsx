import { Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { getSelectedBusinessId } from '../api/selected-business.ts';
import { fullAccessPermission } from '../auth/gate.ts';
import {
  authUserQueryKey,
  isUnauthenticated,
  sessionExpiredEvent,
  signOut,
  useAuthUser,
  useBusinesses,
} from '../auth/session.ts';
import { errorMessage } from '../screens/shared/request-error.ts';

const ForcedPasswordChange = lazy(async () => ({
  default: (await import('../screens/change-password.tsx')).ForcedPasswordChange,
}));

export type SessionContext = { userName: string; businessName: string | null };

export type RequireSessionProps = { children: (session: SessionContext) => ReactNode };

export function signInPath(location: { pathname: string; search: string; hash: string }): string {
  const back = `${location.pathname}${location.search}${location.hash}`;
  return back === '/' ? '/sign-in' : `/sign-in?redirect=${encodeURIComponent(back)}`;
}

// The start-up of docs/domain/screens.md runs here; the shell draws once the user and the businesses are known. A 401
// at any time sends the user to sign in, and signing in again comes back to the same page.
export function RequireSession({ children }: RequireSessionProps) {
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAuthUser();
  const businesses = useBusinesses(user.isSuccess);

  useEffect(() => {
    const expire = () => {
      if (locationRef.current.pathname === '/sign-in') return;
      queryClient.removeQueries({ queryKey: authUserQueryKey });
      navigate(signInPath(locationRef.current), { replace: true });
    };
    window.addEventListener(sessionExpiredEvent, expire);
    return () => window.removeEventListener(sessionExpiredEvent, expire);
  }, [navigate, queryClient]);

  if (user.isError && isUnauthenticated(user.error)) return <Navigate to={signInPath(location)} replace />;
  // A temporary password from a reset opens nothing until it is replaced (docs/domain/management.md, Users); the URL
  // stays, so the page asked for appears once the flag clears.
  if (user.data?.user.must_change_password) {
    return (
      <Suspense fallback={<Starting />}>
        <ForcedPasswordChange />
      </Suspense>
    );
  }
  const failure = user.error ?? businesses.error;
  if (failure) {
    return (
      <Center h="100vh">
        <Stack align="center" gap="3">
          <Text color="fg.error">{errorMessage(failure)}</Text>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (!user.data || !businesses.data) return <Starting />;
  // Every screen but the user's own is about a business: without one there is nothing to show but why. Full
  // access sees every business, and may create the first one.
  if (businesses.data.length === 0 && !user.data.user.permission_names.includes(fullAccessPermission)) {
    return <NoBusiness name={user.data.user.name} />;
  }
  const selectedId = getSelectedBusinessId();
  const business = businesses.data.find((candidate) => candidate.id === selectedId) ?? businesses.data[0];
  return <>{children({ userName: user.data.user.name, businessName: business?.name ?? null })}</>;
}

function NoBusiness({ name }: { name: string }) {
  return (
    <Center h="100vh" p="6">
      <Stack align="center" gap="4" maxW="md" textAlign="center">
        <Heading size="lg">No business yet</Heading>
        <Text>
          {name}, your account is not part of any business yet. An administrator must add you to a business before you
          can work in Spectacle.
        </Text>
        <Button variant="outline" onClick={() => signOut()}>
          Logout
        </Button>
      </Stack>
    </Center>
  );
}

function Starting() {
  return (
    <Center h="100vh">
      <Spinner size="lg" color="teal.500" aria-label="Starting" />
    </Center>
  );
}
