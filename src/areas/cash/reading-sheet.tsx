import { Box, Button, HStack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import { formatMoney } from '../../format/money.ts';
import { printPageCss } from '../../screens/print/print-page.ts';
import { SellerRegistration, useSeller } from '../../screens/print/seller-registration.tsx';

// The paper of the drawer and the day (docs/domain/cash.md): a shift report, an X-reading, a Z-reading, under the
// seller's registration. One narrow column on an 80 mm receipt, or the same on one page of A4 in two columns; the
// browser prints only the sheet (print-page.ts).

export type SheetLine = { label: string; value: string; strong?: boolean } | { rule: true } | { heading: string };

export type PaperSize = 'receipt' | 'a4';

// A receipt is 80 mm wide with 3 mm margins; its text runs 72 mm wide in 9 pt type, on screen as on paper, so that
// the sheet's height measured on screen is its height on paper.
const receipt = { width: 80, margin: 3, text: 72 };
const pxPerMm = 96 / 25.4;

const printCss = (paper: PaperSize, heightMm: number) =>
  paper === 'receipt'
    ? printPageCss({
        sheet: '[data-reading-sheet]',
        // A page as long as the receipt (CSS has no "auto" page height), a few millimetres to spare so that the
        // last line never spills onto a second one.
        size: `${receipt.width}mm ${Math.ceil(heightMm + 2 * receipt.margin + 6)}mm`,
        margin: `${receipt.margin}mm`,
        rules: `[data-reading-sheet] { width: ${receipt.text}mm !important; max-width: none !important; border: 0 !important;
    padding: 0 !important; border-radius: 0 !important; }`,
      })
    : printPageCss({
        sheet: '[data-reading-sheet]',
        size: 'A4',
        margin: '15mm',
        rules: `[data-reading-sheet] { width: 180mm !important; max-width: none !important; font-size: 10pt !important;
    border: 0 !important; padding: 0 !important; }
  [data-reading-lines] { column-count: 2; column-gap: 12mm; column-rule: 0.5pt solid #999; }`,
      });

export const money = (value: number | null | undefined) => formatMoney(value ?? 0, 'cents');

// Over is positive, short negative; said in words so that a minus sign on thermal paper is not the only clue.
export function overShort(difference: number): string {
  if (difference === 0) return `${money(0)} (even)`;
  return difference > 0 ? `${money(difference)} over` : `${money(-difference)} short`;
}

export function ReadingSheet({
  title,
  lines,
  paper,
  terminalId = null,
}: {
  title: ReactNode;
  lines: SheetLine[];
  paper: PaperSize;
  terminalId?: number | null;
}) {
  const seller = useSeller();
  const content = useRef<HTMLDivElement>(null);
  const [heightMm, setHeightMm] = useState(0);
  // The receipt's length follows its lines: measured after every change, before the print dialog can open.
  useLayoutEffect(() => {
    const measure = () => setHeightMm((content.current?.offsetHeight ?? 0) / pxPerMm);
    measure();
    const observer = new ResizeObserver(measure);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);
  return (
    <Box
      data-reading-sheet=""
      aria-label="Printed reading"
      fontFamily="mono"
      borderWidth="1px"
      rounded="md"
      p="3"
      bg="bg"
      boxSizing="content-box"
      w={paper === 'receipt' ? `${receipt.text}mm` : undefined}
      maxW={paper === 'receipt' ? undefined : '120mm'}
      fontSize={paper === 'receipt' ? '9pt' : undefined}
      css={{ '& .seller': { textAlign: 'center', marginBottom: '0.5em' }, '& .seller strong': { display: 'block' } }}
    >
      <style>{printCss(paper, heightMm)}</style>
      <Box ref={content}>
        <SellerRegistration seller={seller} terminalId={terminalId} />
        <Box textAlign="center" fontWeight="bold" mb="2">
          {title}
        </Box>
        <Box data-reading-lines="">
          {lines.map((line, index) => {
            const key = `${index}-${'label' in line ? line.label : 'heading' in line ? line.heading : 'rule'}`;
            if ('rule' in line) return <Box key={key} borderTopWidth="1px" borderStyle="dashed" my="1" />;
            if ('heading' in line) {
              return (
                <Box key={key} fontWeight="bold" mt="2" breakAfter="avoid">
                  {line.heading}
                </Box>
              );
            }
            return (
              // A value too long for the line (a document number on 80 mm paper) goes under its label, to the right.
              <HStack
                key={key}
                justify="space-between"
                gap="2"
                wrap="wrap"
                fontWeight={line.strong ? 'bold' : 'normal'}
                breakInside="avoid"
              >
                <Box whiteSpace="nowrap">{line.label}</Box>
                <Box ms="auto" textAlign="end" overflowWrap="anywhere">
                  {line.value}
                </Box>
              </HStack>
            );
          })}
        </Box>
      </Box>
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
