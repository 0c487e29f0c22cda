import { Box, Button, Card, Center, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { LuGlasses } from 'react-icons/lu';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { changeOwnPassword } from '../../generated/hooks/auth/auth.ts';
import { ChangeOwnPasswordBody } from '../../generated/zod/auth/auth.zod.ts';
import { storeUser } from '../auth/permission-store.ts';
import { authUserQueryKey, signOut } from '../auth/session.ts';
import { FailureAlert } from '../ui/failure-alert.tsx';
import { notifySuccess } from '../ui/toaster.tsx';
import { plainWords } from './form/resolver.ts';
import { errorMessage, validationErrors } from './shared/request-error.ts';
import { safeRedirect } from './sign-in.tsx';

export const passwordMismatch = 'The new passwords do not match.';

// The confirmation never leaves the browser: it only guards against a typo in a password nobody can see.
const ChangePasswordValues = ChangeOwnPasswordBody.extend({ password_confirmation: z.string() }).refine(
  (values) => values.password === values.password_confirmation,
  { path: ['password_confirmation'], message: passwordMismatch },
);
type ChangePasswordValues = z.infer<typeof ChangePasswordValues>;

const fields: readonly FieldPath<ChangePasswordValues>[] = ['current_password', 'password', 'password_confirmation'];

function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordValues, { error: plainWords }),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ current_password, password }) => {
    setFailure(null);
    try {
      const response = await changeOwnPassword({ current_password, password });
      storeUser(response.user);
      queryClient.setQueryData(authUserQueryKey, response);
      notifySuccess('Password changed successfully.');
      onChanged?.();
    } catch (error) {
      const byField = validationErrors(error) ?? {};
      const known = fields.filter((field) => byField[field]);
      for (const field of known) form.setError(field, { message: byField[field] });
      if (known.length === 0) {
        setFailure(errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <FailureAlert failure={failure} />
        <Field.Root required invalid={Boolean(errors.current_password)}>
          <Field.Label>Current password</Field.Label>
          <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
          <Field.ErrorText>{errors.current_password?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.password)}>
          <Field.Label>New password</Field.Label>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.password_confirmation)}>
          <Field.Label>Confirm new password</Field.Label>
          <Input type="password" autoComplete="new-password" {...form.register('password_confirmation')} />
          <Field.ErrorText>{errors.password_confirmation?.message}</Field.ErrorText>
        </Field.Root>
        <Box>
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            Change password
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

// Shown in place of every route while the user still has a temporary password. Once it is changed the session
// gate draws the page that was asked for, so nothing needs to navigate.
export function ForcedPasswordChange() {
  return (
    <Center minH="100vh" bg="bg.subtle" px="4">
      <Card.Root w="full" maxW="sm">
        <Card.Body>
          <Stack gap="5">
            <HStack gap="2" color="teal.700">
              <LuGlasses size="28" />
              <Heading size="lg">Change your password</Heading>
            </HStack>
            <Text color="fg.muted">Your password was set by an administrator. Choose your own to continue.</Text>
            <ChangePasswordForm />
            <Button variant="ghost" size="sm" onClick={() => signOut()}>
              Logout
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

// Reached from the user menu in the top bar; goes back to the page the user came from.
export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  return (
    <Stack gap="5" maxW="sm">
      <Heading size="lg">Change your password</Heading>
      <ChangePasswordForm onChanged={() => navigate(safeRedirect(query.get('redirect')), { replace: true })} />
    </Stack>
  );
}
