import { Button, Field, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  closePurchaseOrder,
  getGetPurchaseOrderQueryKey,
  useGetPurchaseOrder,
} from '../../../generated/hooks/purchase-orders/purchase-orders.ts';
import type { PurchaseOrder } from '../../../generated/model/index.ts';
import { useAuthUser } from '../../auth/session.ts';
import { useGate, usePermissions } from '../../auth/use-permissions.ts';
import { homeLocationOf, worksWhereItSits } from '../../screens/form/home-location.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';

// "Close Short" on a purchase order's view (docs/domain/purchasing.md, Purchase orders): the rest will not come.
// Offered while something is still to come, to a user who may edit purchase orders where the order sits.
export function PurchaseOrderCloseAction({ id }: { id: number; canUpdate: boolean }) {
  const order = useGetPurchaseOrder(id);
  const user = useAuthUser();
  const held = usePermissions() ?? [];
  const can = useGate();
  const [open, setOpen] = useState(false);
  const data = order.data;
  if (!data || data.deleted_at !== null || !can({ prefix: 'purchase-orders', action: 'update' })) return null;
  if (!worksWhereItSits(homeLocationOf(user.data?.user), held, { ...data })) return null;
  if (data.lines.every((line) => line.still_to_come <= 0)) return null;
  return (
    <>
      <Button variant="outline" colorPalette="teal" onClick={() => setOpen(true)}>
        Close Short
      </Button>
      {open ? <CloseDialog order={data} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CloseDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = useMutation({
    mutationFn: () => closePurchaseOrder(order.id, { reason: reason.trim() }),
    onSuccess: async () => {
      notifySuccess(`Purchase Order ${order.number} closed short.`);
      await queryClient.invalidateQueries({ queryKey: getGetPurchaseOrderQueryKey(order.id) });
      onClose();
    },
    onError: (failure) => {
      const fields = validationErrors(failure);
      const words = fields?.reason ?? fields?.status;
      if (words) setError(words);
      else notifyError(errorMessage(failure));
    },
  });
  const submit = () => {
    if (reason.trim() === '') {
      setError('Say why the rest will not come.');
      return;
    }
    setError(undefined);
    close.mutate();
  };
  const left = order.lines.filter((line) => line.still_to_come > 0);
  return (
    <ActionDialog
      title="Close Short"
      actionLabel="Close Short"
      busy={close.isPending}
      onAction={submit}
      onClose={onClose}
    >
      <Text mb="3" color="fg.muted">
        {left.map((line) => `${line.still_to_come} × ${line.item_name ?? line.item_code ?? 'item'}`).join(', ')} will no
        longer be awaited; what was received and billed stays.
      </Text>
      <Field.Root invalid={error !== undefined} required>
        <Field.Label>Reason</Field.Label>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </ActionDialog>
  );
}
