import { Button, Field, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { searchInvoices } from '../../../generated/hooks/invoices/invoices.ts';
import { formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import type { ResourceApi, ResourceRecord } from '../../resources/resource.ts';
import { readField } from '../../resources/resource.ts';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { type RemoteOption, RemoteSelect } from '../../ui/remote-select.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { typeAheadLimit } from '../../ui/type-ahead.tsx';
import { errorMessage, validationErrors } from '../shared/request-error.ts';
import { useResourceMutation } from '../shared/use-resource-mutation.ts';

export type LinkInvoiceActionProps = {
  api: ResourceApi;
  order: ResourceRecord;
  // The record on screen is read again after the link, with the buttons its invoice brings (Record Payment).
  onLinked: () => void;
};

// "Link Invoice" on a job order without one (docs/domain/eye-care.md, Eyewear job orders): the patient paid at the counter before the
// order was written. The picker offers the patient's invoices at the order's branch that no other order has.
export function LinkInvoiceAction({ api, order, onLinked }: LinkInvoiceActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" colorPalette="teal" onClick={() => setOpen(true)}>
        Link Invoice
      </Button>
      {open ? (
        <LinkInvoiceDialog
          api={api}
          order={order}
          onClose={() => setOpen(false)}
          onLinked={() => {
            setOpen(false);
            onLinked();
          }}
        />
      ) : null}
    </>
  );
}

function LinkInvoiceDialog({ api, order, onClose, onLinked }: LinkInvoiceActionProps & { onClose: () => void }) {
  const id = order.id;
  const contactId = Number(readField(order, 'contact_id'));
  const branchId = Number(readField(order, 'branch_id'));
  const [chosen, setChosen] = useState<RemoteOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = useCallback(
    async (text: string, signal?: AbortSignal): Promise<RemoteOption[]> => {
      const found = await searchInvoices(
        { q: text, limit: typeAheadLimit, contact_id: contactId, branch_id: branchId },
        undefined,
        signal,
      );
      return found
        .filter((invoice) => invoice.job_order_id === null)
        .map((invoice) => ({
          value: invoice.id,
          label: `${invoice.number ?? invoice.id} · ${formatDate(invoice.invoice_date)} · ${formatMoney(invoice.total)}`,
        }));
    },
    [contactId, branchId],
  );
  const link = useResourceMutation(
    api,
    (invoiceId: number) =>
      api.linkInvoice ? api.linkInvoice(id, invoiceId) : Promise.reject(new Error('No invoice link.')),
    () => id,
  );
  const submit = () => {
    if (!chosen) {
      setError('Choose the invoice to link.');
      return;
    }
    setError(null);
    link.mutate(chosen.value, {
      onSuccess: () => {
        notifySuccess('Invoice linked successfully.');
        onLinked();
      },
      onError: (failure) => {
        const fields = validationErrors(failure);
        if (fields?.invoice_id) setError(fields.invoice_id);
        else notifyError(errorMessage(failure));
      },
    });
  };
  return (
    <ActionDialog title="Link Invoice" actionLabel="Link" busy={link.isPending} onAction={submit} onClose={onClose}>
      <Text mb="4" color="fg.muted">
        An invoice of {String(readField(order, 'contact_name') ?? 'the patient')} at{' '}
        {String(readField(order, 'branch_name') ?? 'this branch')} made before this job order. Its payments then count
        towards claiming the order.
      </Text>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label htmlFor="link-invoice-id">
          Invoice
          <Field.RequiredIndicator />
        </Field.Label>
        <RemoteSelect
          id="link-invoice-id"
          value={chosen?.value ?? null}
          label={chosen?.label ?? ''}
          onChange={setChosen}
          search={search}
          invalid={Boolean(error)}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </ActionDialog>
  );
}
