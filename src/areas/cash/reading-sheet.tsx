import { Box, Button, HStack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import { formatMoney } from '../../format/money.ts';

// The paper of the drawer and the day (docs/domain/cash.md): a shift report, an X-reading, a Z-reading. One narrow
// column that fits an 80 mm receipt printer, or the same on A4 in larger type; the browser prints only the sheet.

export type SheetLine = { label: string; value: string; strong?: boolean } | { rule: true } | { heading: string };

export type PaperSize = 'receipt' | 'a4';

const printCss = (paper: PaperSize) => `
@media print {
  body * { visibility: hidden; }
  [data-reading-sheet], [data-reading-sheet] * { visibility: visible; }
  [data-reading-sheet] { position: absolute; top: 0; left: 0; }
  ${
    paper === 'receipt'
      ? '@page { size: 80mm auto; margin: 3mm; } [data-reading-sheet] { width: 72mm; font-size: 9pt; }'
      : '@page { size: A4; margin: 15mm; } [data-reading-sheet] { width: 120mm; font-size: 11pt; }'
  }
}`;

export const money = (value: number | null | undefined) => formatMoney(value ?? 0);

// Over is positive, short negative; said in words so that a minus sign on thermal paper is not the only clue.
export function overShort(difference: number): string {
  if (difference === 0) return `${formatMoney(0)} (even)`;
  return difference > 0 ? `${formatMoney(difference)} over` : `${formatMoney(-difference)} short`;
}

export function ReadingSheet({ title, lines, paper }: { title: ReactNode; lines: SheetLine[]; paper: PaperSize }) {
  return (
    <Box
      data-reading-sheet=""
      aria-label="Printed reading"
      fontFamily="mono"
      borderWidth="1px"
      rounded="md"
      p="3"
      maxW={paper === 'receipt' ? '80mm' : '120mm'}
      bg="bg"
    >
      <style>{printCss(paper)}</style>
      <Box textAlign="center" fontWeight="bold" mb="2">
        {title}
      </Box>
      {lines.map((line, index) => {
        const key = `${index}-${'label' in line ? line.label : 'heading' in line ? line.heading : 'rule'}`;
        if ('rule' in line) return <Box key={key} borderTopWidth="1px" borderStyle="dashed" my="1" />;
        if ('heading' in line) {
          return (
            <Box key={key} fontWeight="bold" mt="2">
              {line.heading}
            </Box>
          );
        }
        return (
          // A value too long for the line (a document number on 80 mm paper) goes under its label, to the right.
          <HStack key={key} justify="space-between" gap="2" wrap="wrap" fontWeight={line.strong ? 'bold' : 'normal'}>
            <Box whiteSpace="nowrap">{line.label}</Box>
            <Box ms="auto" textAlign="end" overflowWrap="anywhere">
              {line.value}
            </Box>
          </HStack>
        );
      })}
    </Box>
  );
}

// Two print buttons, one per paper; the sheet switches to that paper before the print dialog opens.
export function PrintButtons({ label, onPaper }: { label: string; onPaper: (paper: PaperSize) => void }) {
  const [request, setRequest] = useState<{ paper: PaperSize; at: number } | null>(null);
  useEffect(() => {
    if (!request) return;
    const timer = window.setTimeout(() => window.print(), 50);
    return () => window.clearTimeout(timer);
  }, [request]);
  const print = (paper: PaperSize) => {
    onPaper(paper);
    setRequest({ paper, at: Date.now() });
  };
  return (
    <HStack gap="2" wrap="wrap">
      <Button variant="outline" onClick={() => print('receipt')}>
        <LuPrinter /> {label} (80 mm)
      </Button>
      <Button variant="outline" onClick={() => print('a4')}>
        <LuPrinter /> {label} (A4)
      </Button>
    </HStack>
  );
}
