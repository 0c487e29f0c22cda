import { Button, Field, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getGetStockTransferQueryKey,
  settleStockTransfer,
  useGetStockTransfer,
} from '../../../generated/hooks/stock-transfers/stock-transfers.ts';
import type { StockTransfer, StockTransferSettleBody } from '../../../generated/model/index.ts';
import { useAuthUser } from '../../auth/session.ts';
import { useGate, usePermissions } from '../../auth/use-permissions.ts';
import { remaining } from '../../resources/remaining.ts';
import { homeLocationOf, worksAtEnd } from '../../screens/form/home-location.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { TableHeadings } from '../../ui/striped-table.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';

type Outcome = 'lost' | 'returned';
type Row = { lineId: number; item: string; left: number; quantity: string; outcome: Outcome };

const stillInTransit = (transfer: StockTransfer) =>
  transfer.lines.map((line) => ({
    lineId: line.id,
    item: `${line.item_code ?? ''} ${line.item_name ?? ''}`.trim(),
    left: remaining(line.quantity, line.received_quantity + line.returned_quantity + line.lost_quantity),
  }));

// "Settle" on a transfer's view (docs/domain/logistics.md, Transfers that arrive short): its sender ends what neither
// arrived nor came back, as lost or returned. Offered only where the user works at the transfer's source.
export function TransferSettleAction({ id }: { id: number; canUpdate: boolean }) {
  const transfer = useGetStockTransfer(id);
  const user = useAuthUser();
  const held = usePermissions() ?? [];
  const can = useGate();
  const [open, setOpen] = useState(false);
  const data = transfer.data;
  if (!data || data.deleted_at !== null || !can({ prefix: 'stock-transfers', action: 'create' })) return null;
  if (!worksAtEnd(homeLocationOf(user.data?.user), held, { ...data }, 'from_')) return null;
  if (stillInTransit(data).every((line) => line.left <= 0)) return null;
  return (
    <>
      <Button variant="outline" colorPalette="teal" onClick={() => setOpen(true)}>
        Settle
      </Button>
      {open ? <SettleDialog transfer={data} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SettleDialog({ transfer, onClose }: { transfer: StockTransfer; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() =>
    stillInTransit(transfer)
      .filter((line) => line.left > 0)
      .map((line) => ({ ...line, quantity: String(line.left), outcome: 'lost' as const })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const settle = useMutation({
    mutationFn: (body: StockTransferSettleBody) => settleStockTransfer(transfer.id, body),
    onSuccess: async () => {
      notifySuccess(`Stock Transfer ${transfer.number} settled.`);
      await queryClient.invalidateQueries({ queryKey: getGetStockTransferQueryKey(transfer.id) });
      onClose();
    },
    onError: (error) => {
      const fields = validationErrors(error);
      if (fields) setErrors(fields);
      else notifyError(errorMessage(error));
    },
  });
  const chosen = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.quantity.trim() !== '' && Number(row.quantity) > 0);
  const submit = () => {
    setErrors({});
    if (chosen.length === 0) {
      setErrors({ form: 'Enter the quantity of at least one line.' });
      return;
    }
    settle.mutate({
      lines: chosen.map(({ row }) => ({
        stock_transfer_line_id: row.lineId,
        quantity: Number(row.quantity),
        outcome: row.outcome,
      })),
    });
  };
  const errorOf = (index: number) => {
    const position = chosen.findIndex((entry) => entry.index === index);
    return position < 0 ? undefined : (errors[`lines.${position}.quantity`] ?? errors[`lines.${position}.outcome`]);
  };
  const update = (index: number, change: Partial<Row>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <ActionDialog title="Settle" actionLabel="Settle" busy={settle.isPending} onAction={submit} onClose={onClose}>
      <Text mb="4" color="fg.muted">
        What neither arrived nor came back: lost leaves transit as a loss at the cost it left at; returned comes back on
        hand here as a stock return.
      </Text>
      {errors.form ? (
        <Text color="fg.error" mb="2">
          {errors.form}
        </Text>
      ) : null}
      <Table.Root size="sm">
        <TableHeadings headings={['Item', 'In Transit', 'Quantity', 'Outcome']} />
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={row.lineId}>
              <Table.Cell>{row.item}</Table.Cell>
              <Table.Cell>{row.left}</Table.Cell>
              <Table.Cell>
                <Field.Root invalid={Boolean(errorOf(index))}>
                  <Field.Label srOnly htmlFor={`settle-quantity-${index}`}>
                    {`Quantity ${index + 1}`}
                  </Field.Label>
                  <Input
                    id={`settle-quantity-${index}`}
                    inputMode="decimal"
                    value={row.quantity}
                    onChange={(event) => update(index, { quantity: event.target.value })}
                  />
                  {errorOf(index) ? <Field.ErrorText>{errorOf(index)}</Field.ErrorText> : null}
                </Field.Root>
              </Table.Cell>
              <Table.Cell>
                <Field.Root>
                  <Field.Label srOnly htmlFor={`settle-outcome-${index}`}>
                    {`Outcome ${index + 1}`}
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      id={`settle-outcome-${index}`}
                      value={row.outcome}
                      onChange={(event) => update(index, { outcome: event.target.value as Outcome })}
                    >
                      <option value="lost">Lost</option>
                      <option value="returned">Returned</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ActionDialog>
  );
}
