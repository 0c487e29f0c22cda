import { Button, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';

// Under a table of rows a form edits (a document's lines, a record's rows): why the list as a whole was refused (no
// lines at all), and the button that adds a row.
export function RowsFooter({ error, addLabel, onAdd }: { error?: string; addLabel: string; onAdd: () => void }) {
  return (
    <>
      {error ? (
        <Text color="fg.error" textStyle="sm">
          {error}
        </Text>
      ) : null}
      <Button alignSelf="start" size="sm" variant="outline" onClick={onAdd}>
        <LuPlus /> {addLabel}
      </Button>
    </>
  );
}
