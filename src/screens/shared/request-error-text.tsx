import { Text } from '@chakra-ui/react';
import { errorMessage } from './request-error.ts';

// Why a read failed, in the server's words, where its answer would have stood; nothing while it has not failed.
export function RequestErrorText({ request }: { request: { isError: boolean; error: unknown } }) {
  if (!request.isError) return null;
  return (
    <Text color="fg.error" role="alert">
      {errorMessage(request.error)}
    </Text>
  );
}
