import { Alert } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getGetMessageGatewayQueryKey, getMessageGateway } from '../../../generated/hooks/messages/messages.ts';

// Above the Messages list: while no SMS gateway is configured, texts wait in the queue, and the shop is told why.
export function MessageGatewayNotice() {
  const gateway = useQuery({
    queryKey: getGetMessageGatewayQueryKey(),
    queryFn: ({ signal }) => getMessageGateway(undefined, signal),
  });
  if (!gateway.data || gateway.data.configured) return null;
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>No SMS gateway is configured: texts stay queued.</Alert.Title>
        <Alert.Description>
          Set SMS_GATEWAY_URL, SMS_API_KEY and SMS_SENDER_NAME on the server and restart it to send them.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
