import { Button, HStack } from '@chakra-ui/react';
import { LuDownload, LuPrinter } from 'react-icons/lu';

// A report's two buttons beside its heading, left off its paper copy: print it, or download it as CSV.
export function ReportActions({ downloading, onDownload }: { downloading: boolean; onDownload: () => void }) {
  return (
    <HStack gap="3" data-no-print="">
      <Button variant="outline" onClick={() => window.print()}>
        <LuPrinter /> Print
      </Button>
      <Button variant="outline" loading={downloading} onClick={onDownload}>
        <LuDownload /> Download CSV
      </Button>
    </HStack>
  );
}
