import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { queueRecallMessages } from '../../../generated/hooks/messages/messages.ts';
import type { RecallMessagesAnswer } from '../../../generated/model/recallMessagesAnswer.ts';
import { errorMessage } from '../../screens/shared/request-error.ts';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';

// The Recalls report's "Text recall": the ticked patients who have a mobile and agreed to reminders are texted that
// an exam is due (docs/domain/management.md, Texts to customers); those who cannot be are named with the reason.
export function RecallTexts({ contactIds }: { contactIds: readonly number[] }) {
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<RecallMessagesAnswer | null>(null);
  const send = async () => {
    setSending(true);
    try {
      const queued = await queueRecallMessages({ contact_ids: [...contactIds] });
      setAnswer(queued);
      notifySuccess(`${queued.queued} recall text${queued.queued === 1 ? '' : 's'} queued.`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="2" data-no-print="">
      <HStack gap="3">
        <Button colorPalette="teal" disabled={contactIds.length === 0 || sending} onClick={() => void send()}>
          Text recall
        </Button>
        <Text color="fg.muted">
          {contactIds.length === 0 ? 'Tick the patients to text.' : `${contactIds.length} chosen`}
        </Text>
      </HStack>
      {answer && answer.skipped.length > 0 ? (
        <List.Root aria-label="Not texted">
          {answer.skipped.map((skipped) => (
            <List.Item key={skipped.contact_id}>
              {skipped.name}: {skipped.reason}
            </List.Item>
          ))}
        </List.Root>
      ) : null}
    </Stack>
  );
}
