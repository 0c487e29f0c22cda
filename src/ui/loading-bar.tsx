import { Progress } from '@chakra-ui/react';

// The thin bar a screen shows while it waits for the server; its length is unknown, so it runs without a value.
export function LoadingBar() {
  return (
    <Progress.Root value={null} striped animated size="xs" colorPalette="teal" aria-label="Loading">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
