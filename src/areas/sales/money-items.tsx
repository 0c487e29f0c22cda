import { DataList } from '@chakra-ui/react';
import { toPesos } from '../../format/line-amounts.ts';
import { formatMoney } from '../../format/money.ts';

// A sale's amounts as rows of a DataList: each label with its amount (in centavos), read from the right.
export function MoneyItems({ rows }: { rows: readonly (readonly [string, number])[] }) {
  return (
    <>
      {rows.map(([label, centavos]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="end">{formatMoney(toPesos(centavos))}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </>
  );
}
