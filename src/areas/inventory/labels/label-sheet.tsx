import { Box, Text } from '@chakra-ui/react';
import type { LabelBarcode } from '../../../format/barcode.ts';
import { formatMoney } from '../../../format/money.ts';
import { printPageCss } from '../../../screens/print/print-page.ts';
import { BarcodeImage } from './barcode-image.tsx';
import { type LabelLayout, labelsPerSheet } from './label-layouts.ts';

export type LabelItem = { id: number; code: string; name: string; barcode: LabelBarcode | null; price: number | null };

// On paper only the sheets show, each an A4 page with the labels where the layout puts them.
// A page breaks after every sheet but the last, so that no blank page follows (print-page.ts).
const printCss = printPageCss({
  sheet: '[data-label-sheets]',
  size: 'A4',
  margin: '0',
  rules: `[data-label-page] { box-shadow: none !important; margin: 0 !important; }
  [data-label-page]:not(:last-of-type) { break-after: page; }`,
});

export type LabelSheetProps = { layout: LabelLayout; labels: readonly LabelItem[] };

export function LabelSheet({ layout, labels }: LabelSheetProps) {
  const perSheet = labelsPerSheet(layout);
  const pages = Array.from({ length: Math.ceil(labels.length / perSheet) }, (_, page) =>
    labels.slice(page * perSheet, (page + 1) * perSheet),
  );
  const small = layout.height < 30;
  return (
    <Box data-label-sheets>
      <style>{printCss}</style>
      {pages.map((page, pageIndex) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: a page is its position on the paper.
          key={pageIndex}
          data-label-page
          position="relative"
          w="210mm"
          h="297mm"
          bg="white"
          color="black"
          boxShadow="md"
          mb="6"
          overflow="hidden"
        >
          {page.map((label, index) => {
            const column = index % layout.columns;
            const row = Math.floor(index / layout.columns);
            return (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: the same item fills many places on a sheet.
                key={index}
                data-label
                position="absolute"
                left={`${layout.left + column * (layout.width + layout.columnGap)}mm`}
                top={`${layout.top + row * (layout.height + layout.rowGap)}mm`}
                w={`${layout.width}mm`}
                h={`${layout.height}mm`}
                p="1.5mm"
                display="flex"
                flexDirection="column"
                justifyContent="space-between"
                overflow="hidden"
                textAlign="center"
              >
                <Text fontSize={small ? '6pt' : '8pt'} lineClamp={small ? 1 : 2} lineHeight="1.15">
                  {label.name}
                </Text>
                <Text fontSize={small ? '6pt' : '7pt'} lineHeight="1.1">
                  {label.code}
                  {label.price === null ? '' : ' · '}
                  <Text as="span" fontSize={small ? '8pt' : '11pt'} fontWeight="bold">
                    {label.price === null ? '' : formatMoney(label.price)}
                  </Text>
                </Text>
                {label.barcode ? (
                  <Box display="flex" justifyContent="center" overflow="hidden">
                    <BarcodeImage barcode={label.barcode} height={small ? 16 : 26} />
                  </Box>
                ) : null}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
