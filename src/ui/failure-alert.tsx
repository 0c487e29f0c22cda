import { Alert } from '@chakra-ui/react';

// Why the last attempt failed, above a form that is not a resource's (signing in, changing one's password); nothing
// while there is no failure.
export function FailureAlert({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{failure}</Alert.Title>
    </Alert.Root>
  );
}
