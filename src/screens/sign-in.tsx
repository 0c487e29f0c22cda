import { Box, Button, Card, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { type FormEvent, useState } from 'react';
import { LuGlasses } from 'react-icons/lu';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authUserQueryKey, signIn } from '../auth/session.ts';
import { FailureAlert } from '../ui/failure-alert.tsx';
import { LabelledInput } from '../ui/labelled-input.tsx';
import { errorMessage } from './shared/request-error.ts';

// Only a path inside this app is a place to come back to; anything else could send the user elsewhere.
export function safeRedirect(raw: string | null): string {
  return raw?.startsWith('/') && !raw.startsWith('//') ? raw : '/overview';
}

// A 429 says how long to wait (a minute, or 15 minutes for an account or address under attack): the server's words.
function failureText(error: unknown): string {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  if (status === 401 || status === 422) return 'These credentials do not match our records.';
  return errorMessage(error);
}

export function SignInScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [query] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const response = await signIn({ email, password });
      queryClient.setQueryData(authUserQueryKey, response);
      navigate(safeRedirect(query.get('redirect')), { replace: true });
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };

  return (
    <Center minH="100vh" bg="bg.subtle" px="4">
      <Card.Root w="full" maxW="sm">
        <Card.Body>
          <form onSubmit={submit}>
            <Stack gap="5">
              <HStack gap="2" color="teal.700">
                <LuGlasses size="28" />
                <Heading size="lg">Spectacle Optical</Heading>
              </HStack>
              <Text color="fg.muted">Sign in to the back office.</Text>
              <FailureAlert failure={failure} />
              <LabelledInput
                label="Email"
                required
                type="email"
                name="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <LabelledInput
                label="Password"
                required
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Box>
                <Button type="submit" colorPalette="teal" width="full" loading={busy}>
                  Sign in
                </Button>
              </Box>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
