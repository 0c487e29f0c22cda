import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import {
  getGetInvoiceQueryKey,
  getInvoice,
  getListInvoicesQueryKey,
  listInvoices,
} from '../../../generated/hooks/invoices/invoices.ts';
import { formatDate } from '../../format/date.ts';
import { customers as customerSearch } from '../../resources/picker-searches.ts';
import { relationSearch } from '../../screens/shared/relation-search.ts';
import { RemoteSelect } from '../../ui/remote-select.tsx';

const customers = relationSearch('contacts', customerSearch);

// docs/domain/eye-care.md, Warranties: the claim names a line of a sold invoice. The counter finds it as the customer
// tells it: the customer, then one of their invoices, then the item on it, with the day its warranty runs to. The
// server checks the line and the warranty; only `invoice_line_id` is sent.
export function WarrantyClaimLinePicker() {
  const { setValue, formState } = useFormContext();
  const lineId: unknown = useWatch({ name: 'invoice_line_id' });
  const [customer, setCustomer] = useState<{ value: number; label: string } | null>(null);
  const [invoiceId, setInvoiceId] = useState<number | null>(null);
  const invoiceParams = { contact_id: customer?.value ?? 0, per_page: 50 } as const;
  const invoices = useQuery({
    queryKey: getListInvoicesQueryKey(invoiceParams),
    queryFn: ({ signal }) => listInvoices(invoiceParams, undefined, signal),
    enabled: customer !== null,
  });
  const invoice = useQuery({
    queryKey: getGetInvoiceQueryKey(invoiceId ?? 0),
    queryFn: ({ signal }) => getInvoice(invoiceId ?? 0, undefined, signal),
    enabled: invoiceId !== null,
  });
  const chooseLine = (id: number | null) =>
    setValue('invoice_line_id', id, { shouldDirty: true, shouldValidate: true });
  const lineError = get(formState.errors, 'invoice_line_id') as { message?: string } | undefined;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <Field.Root id="warranty_customer" required>
        <Field.Label>
          Customer
          <Field.RequiredIndicator />
        </Field.Label>
        <RemoteSelect
          name="warranty_customer"
          value={customer?.value ?? null}
          label={customer?.label ?? ''}
          search={customers}
          onChange={(option) => {
            setCustomer(option);
            setInvoiceId(null);
            chooseLine(null);
          }}
        />
      </Field.Root>
      <Field.Root id="warranty_invoice" required disabled={customer === null}>
        <Field.Label>
          Invoice
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root disabled={customer === null}>
          <NativeSelect.Field
            name="warranty_invoice"
            value={invoiceId === null ? '' : String(invoiceId)}
            onChange={(event) => {
              setInvoiceId(event.target.value === '' ? null : Number(event.target.value));
              chooseLine(null);
            }}
          >
            <option value="">{customer === null ? 'Choose the customer first' : 'Choose the invoice'}</option>
            {(invoices.data?.data ?? []).map((found) => (
              <option key={found.id} value={found.id}>
                {found.number} · {formatDate(found.invoice_date)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root id="invoice_line_id" required invalid={Boolean(lineError?.message)}>
        <Field.Label>
          Item
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root disabled={invoiceId === null} invalid={Boolean(lineError?.message)}>
          <NativeSelect.Field
            name="invoice_line_id"
            value={typeof lineId === 'number' ? String(lineId) : ''}
            onChange={(event) => chooseLine(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{invoiceId === null ? 'Choose the invoice first' : 'Choose the item'}</option>
            {(invoice.data?.lines ?? []).map((line) => (
              <option key={line.id} value={line.id}>
                {line.item_name ?? `Line ${line.id}`} ·{' '}
                {line.warranty_until ? `warranty until ${formatDate(line.warranty_until)}` : 'no warranty'}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {lineError?.message ? <Field.ErrorText>{lineError.message}</Field.ErrorText> : null}
      </Field.Root>
    </SimpleGrid>
  );
}
