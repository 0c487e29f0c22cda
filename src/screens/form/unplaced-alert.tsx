import { Alert } from '@chakra-ui/react';

// The server's refusals that name no field of the form, above it: what it did not accept (`what`: "this invoice",
// "this exchange") and why.
export function UnplacedAlert({ what, messages }: { what: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The server did not accept {what}.</Alert.Title>
        <Alert.Description>{messages.join(' ')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
