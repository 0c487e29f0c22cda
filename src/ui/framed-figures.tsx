import { DataList } from '@chakra-ui/react';

export type FramedFiguresProps = {
  // The list's name for a screen reader.
  label: string;
  // Each figure's label and its value as shown.
  rows: readonly (readonly [string, string])[];
  // The labels' room, which lines the values up.
  labelWidth: string;
  // The label of the figure that matters most, in bold.
  strong: string;
};

// The figures a form reads out beside its fields (what is paid, what a memo settles), framed, one to a row.
export function FramedFigures({ label, rows, labelWidth, strong }: FramedFiguresProps) {
  return (
    <DataList.Root orientation="horizontal" size="sm" borderWidth="1px" rounded="md" p="3" aria-label={label}>
      {rows.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel minW={labelWidth}>{name}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight={name === strong ? 'semibold' : undefined}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
