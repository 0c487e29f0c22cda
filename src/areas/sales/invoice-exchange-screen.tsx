import {
  Button,
  Checkbox,
  DataList,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type FieldError,
  FormProvider,
  get,
  useController,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { exchangeInvoice, getGetInvoiceQueryKey, getInvoice } from '../../../generated/hooks/invoices/invoices.ts';
import type {
  Invoice,
  InvoiceExchangeBody,
  InvoiceLineInput,
  MemoReason,
  PaymentMethod,
} from '../../../generated/model/index.ts';
import { creditedAmount } from '../../../server/domain/credited-amount.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { businessDayIso } from '../../format/date.ts';
import { toCentavos, toPesos, toThousandths } from '../../format/line-amounts.ts';
import { formatMoney } from '../../format/money.ts';
import { paymentMethodLabels } from '../../format/payment-method.ts';
import { memoReasons } from '../../resources/memo-settlement.ts';
import type { FormField, FormValues } from '../../resources/resource.ts';
import { emptyLine, stripLocal } from '../../screens/form/form-values.ts';
import { LineEditor } from '../../screens/form/lines/line-editor.tsx';
import { numberStep, toNumberOrNull, toTextOrNull } from '../../screens/form/number-value.ts';
import { useSaveShortcut } from '../../screens/form/save-shortcut.ts';
import { UnplacedAlert } from '../../screens/form/unplaced-alert.tsx';
import { Refusal } from '../../screens/shared/refusal.tsx';
import { RefusedRedirect } from '../../screens/shared/refused-redirect.tsx';
import { errorMessage, errorStatus, missingRecord, validationErrors } from '../../screens/shared/request-error.ts';
import { RequestErrorText } from '../../screens/shared/request-error-text.tsx';
import { ChoiceSelect } from '../../ui/choice-select.tsx';
import { LoadingBar } from '../../ui/loading-bar.tsx';
import { TableHeadings } from '../../ui/striped-table.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { invoices } from './invoices.ts';
import { useSaleTotals, VatBreakdownPanel } from './vat-breakdown-panel.tsx';

// A returned line as typed: the invoice line, what is left to credit on it, and how much of it comes back.
type ReturnRow = {
  invoice_line_id: number;
  item_name: string;
  left: number;
  quantity: number | null;
  restock: boolean;
};

type ExchangeValues = {
  reason: MemoReason;
  notes: string | null;
  return_lines: ReturnRow[];
  lines: FormValues[];
  // Not sent: what the new lines are priced by (the invoice's branch, today), as on the invoice form.
  invoice_date: string;
  branch_id: number;
  payment_method: string;
  reference: string | null;
};

// The methods the difference may be paid or refunded in; store credit is what happens without one.
const differenceMethods = (['cash', 'card', 'e_wallet', 'bank_transfer', 'check'] as const).map((value) => ({
  value,
  label: paymentMethodLabels[value],
}));

const isLinesField = (field: FormField): field is Extract<FormField, { kind: 'lines' }> => field.kind === 'lines';
const invoiceLines = invoices.formFields.find(isLinesField);

const restocks = (reason: string): boolean => reason !== 'defective';

// docs/domain/sales.md, Exchange: the one screen of an exchange, started from the invoice's view. What comes back,
// what goes out, and the difference, posted in one call.
export function InvoiceExchangeScreen() {
  const can = useGate();
  const id = Number(useParams().id);
  const invoice = useQuery({
    queryKey: getGetInvoiceQueryKey(id),
    queryFn: ({ signal }) => getInvoice(id, undefined, signal),
    enabled: Number.isInteger(id),
    staleTime: 0,
  });
  const back = { to: `/invoices/${String(id)}`, label: 'Back to the Invoice' };
  if (!can({ prefix: 'credit-memos', action: 'create' }) || !can({ prefix: 'invoices', action: 'create' })) {
    return <RefusedRedirect to={back.to} sentence="You do not have permission to exchange goods." />;
  }
  const status = errorStatus(invoice.error);
  if (status === 404 || !Number.isInteger(id)) {
    return <Refusal kind="missing" sentence={missingRecord('Invoice')} back={back} />;
  }
  return (
    <Stack gap="5">
      <Heading size="xl">Exchange for Invoice {invoice.data?.number ?? ''}</Heading>
      {invoice.isPending ? <LoadingBar /> : null}
      <RequestErrorText request={invoice} />
      {invoice.data ? <ExchangeForm invoice={invoice.data} /> : null}
    </Stack>
  );
}

function returnRows(invoice: Invoice): ReturnRow[] {
  return invoice.lines
    .map((line) => ({
      invoice_line_id: line.id,
      item_name: line.item_name ?? '',
      left: Math.round((line.quantity - line.credited_quantity) * 1000) / 1000,
      quantity: 0,
      restock: true,
    }))
    .filter((row) => row.left > 0);
}

function ExchangeForm({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formElement = useRef<HTMLFormElement>(null);
  const columns = invoiceLines?.columns ?? [];
  const form = useForm<ExchangeValues>({
    defaultValues: {
      reason: 'returned',
      notes: null,
      return_lines: returnRows(invoice),
      lines: [emptyLine(columns)],
      invoice_date: businessDayIso(),
      branch_id: invoice.branch_id,
      payment_method: '',
      reference: null,
    },
  });
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: InvoiceExchangeBody) =>
      // A fresh key per submit: a retried request of this submit is answered once, a new submit posts anew.
      exchangeInvoice(invoice.id, body, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
  });

  const submit = form.handleSubmit((values) => {
    setUnplaced([]);
    // What is sent is what is typed: the lines that come back and the new lines that name an item. A message
    // from the server names the sent line, which is placed back on the row it came from.
    const returned = values.return_lines.flatMap((row, index) => ((row.quantity ?? 0) > 0 ? [{ row, index }] : []));
    const added = values.lines.flatMap((line, index) => (line.item_id == null ? [] : [{ line, index }]));
    let invalid = false;
    values.return_lines.forEach((row, index) => {
      if ((row.quantity ?? 0) < 0 || (row.quantity ?? 0) > row.left) {
        form.setError(`return_lines.${index}.quantity`, {
          type: 'range',
          message: `Enter from 0 to ${String(row.left)}, what is left to return.`,
        });
        invalid = true;
      }
    });
    if (returned.length === 0) {
      form.setError('return_lines', { type: 'required', message: 'Enter the quantity of at least one returned item.' });
      invalid = true;
    }
    if (invalid) return;
    const body: InvoiceExchangeBody = {
      reason: values.reason,
      notes: values.notes,
      return_lines: returned.map(({ row }) => ({
        invoice_line_id: row.invoice_line_id,
        quantity: row.quantity ?? 0,
        restock: row.restock,
      })),
      lines: added.map(({ line }) => stripLocal(line) as unknown as InvoiceLineInput),
      payment_method: values.payment_method === '' ? null : (values.payment_method as PaymentMethod),
      reference: values.payment_method === '' ? null : values.reference,
    };
    save.mutate(body, {
      onSuccess: async (done) => {
        // One posting touched the invoice, its memo, the new invoice, payments, stock and store credit.
        await queryClient.invalidateQueries();
        const view = `/invoices/${String(done.invoice_id)}`;
        notifySuccess('Exchange saved.', [
          { label: 'View', to: view },
          { label: 'Print', to: `${view}?print=1` },
        ]);
        navigate(view);
      },
      onError: (error) => {
        const fieldErrors = validationErrors(error);
        if (!fieldErrors) {
          notifyError(errorMessage(error));
          return;
        }
        const away: string[] = [];
        for (const [path, message] of Object.entries(fieldErrors)) {
          const placed = formPath(path, returned, added);
          if (placed) form.setError(placed as keyof ExchangeValues, { type: 'server', message });
          else away.push(message);
        }
        setUnplaced(away);
      },
    });
  });

  useSaveShortcut(formElement);

  return (
    <FormProvider {...form}>
      <form ref={formElement} onSubmit={submit} noValidate>
        <Stack gap="6">
          {save.isPending ? <LoadingBar /> : null}
          <UnplacedAlert what="this exchange" messages={unplaced} />
          <Stack gap="3" as="section" aria-labelledby="returned-heading">
            <Heading size="md" id="returned-heading">
              Returned
            </Heading>
            <ReasonSelect />
            <ReturnedTable invoice={invoice} />
          </Stack>
          <Stack gap="3" as="section" aria-labelledby="new-items-heading">
            <Heading size="md" id="new-items-heading">
              New items
            </Heading>
            <LineEditor name="lines" columns={columns} pricing={invoiceLines?.pricing} />
            <VatBreakdownPanel program={null} />
          </Stack>
          <ExchangeSummary invoice={invoice} />
          <Field.Root id="notes">
            <Field.Label>Notes</Field.Label>
            <Textarea rows={2} {...form.register('notes', { setValueAs: toTextOrNull })} />
          </Field.Root>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Button variant="outline" onClick={() => navigate(`/invoices/${String(invoice.id)}`)}>
              Back
            </Button>
            <Button
              type="submit"
              colorPalette="teal"
              loading={save.isPending}
              aria-keyshortcuts="Control+Enter Meta+Enter"
              title="Ctrl+Enter"
            >
              Save
            </Button>
          </Flex>
        </Stack>
      </form>
    </FormProvider>
  );
}

// Where a message of the server goes on the form: `return_lines.N.x` and `lines.N.x` name the N-th sent line.
function formPath(
  path: string,
  returned: readonly { index: number }[],
  added: readonly { index: number }[],
): string | null {
  const [head, position, ...rest] = path.split('.');
  if (head === 'return_lines' || head === 'lines') {
    if (position === undefined) return head;
    const sent = (head === 'return_lines' ? returned : added)[Number(position)];
    return sent ? [head, String(sent.index), ...rest].join('.') : head;
  }
  return head && ['reason', 'notes', 'payment_method', 'reference'].includes(head) ? head : null;
}

// The reason of the credit; a defective item does not go back on the shelf, so changing it sets every Restock.
function ReasonSelect() {
  const { register, setValue, getValues } = useFormContext<ExchangeValues>();
  const reason = useWatch<ExchangeValues, 'reason'>({ name: 'reason' });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    getValues('return_lines').forEach((_row, index) => {
      setValue(`return_lines.${index}.restock`, restocks(reason));
    });
  }, [reason, getValues, setValue]);
  return (
    <Field.Root id="reason" required maxW="sm">
      <Field.Label>
        Reason
        <Field.RequiredIndicator />
      </Field.Label>
      <ChoiceSelect choices={memoReasons} {...register('reason')} />
    </Field.Root>
  );
}

// What each returned line credits, as the server will post it (server/domain/credited-amount.ts).
function useReturnedAmounts(invoice: Invoice): number[] {
  const rows = useWatch<ExchangeValues, 'return_lines'>({ name: 'return_lines' });
  const byId = new Map(invoice.lines.map((line) => [line.id, line]));
  return rows.map((row) => {
    const source = byId.get(row.invoice_line_id);
    const quantity = row.quantity;
    if (!source || quantity === null || !Number.isFinite(quantity) || quantity <= 0) return 0;
    return creditedAmount(
      {
        quantity: toThousandths(source.quantity),
        amount: toCentavos(source.amount),
        credited_quantity: toThousandths(source.credited_quantity),
        credited_amount: toCentavos(source.credited_amount),
      },
      toThousandths(quantity),
      null,
    );
  });
}

function ReturnedTable({ invoice }: { invoice: Invoice }) {
  const { control, register, formState } = useFormContext<ExchangeValues>();
  const { fields } = useFieldArray({ control, name: 'return_lines' });
  const amounts = useReturnedAmounts(invoice);
  const arrayError: FieldError | undefined = get(formState.errors, 'return_lines');
  if (fields.length === 0) {
    return <Text color="fg.muted">Nothing is left to return on this invoice.</Text>;
  }
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md" w="full">
        <Table.Root size="sm" aria-label="Returned items">
          <TableHeadings
            headings={[
              'Item',
              { label: 'Left to return', end: true },
              'Quantity',
              'Restock',
              { label: 'Credited', end: true },
            ]}
          />
          <Table.Body>
            {fields.map((row, index) => {
              const error: FieldError | undefined = get(formState.errors, `return_lines.${index}.quantity`);
              const otherError: FieldError | undefined =
                get(formState.errors, `return_lines.${index}.invoice_line_id`) ??
                get(formState.errors, `return_lines.${index}.restock`);
              return (
                <Table.Row key={row.id}>
                  <Table.Cell>
                    {row.item_name}
                    {otherError?.message ? (
                      <Text color="fg.error" textStyle="sm">
                        {otherError.message}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{row.left}</Table.Cell>
                  <Table.Cell>
                    <Field.Root invalid={Boolean(error)} id={`return_lines.${index}.quantity`}>
                      <Field.Label srOnly>Quantity returned of {row.item_name}</Field.Label>
                      <Input
                        type="number"
                        min={0}
                        max={row.left}
                        step={numberStep.quantity}
                        maxW="32"
                        {...register(`return_lines.${index}.quantity`, { setValueAs: toNumberOrNull })}
                      />
                      {error?.message ? <Field.ErrorText>{error.message}</Field.ErrorText> : null}
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <RestockBox index={index} itemName={row.item_name} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(toPesos(amounts[index] ?? 0))}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {arrayError?.message ? (
        <Text color="fg.error" textStyle="sm" role="alert">
          {arrayError.message}
        </Text>
      ) : null}
    </>
  );
}

function RestockBox({ index, itemName }: { index: number; itemName: string }) {
  const { field } = useController<ExchangeValues, `return_lines.${number}.restock`>({
    name: `return_lines.${index}.restock`,
  });
  return (
    <Checkbox.Root checked={field.value} onCheckedChange={(details) => field.onChange(details.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        Restock<VisuallyHidden> {itemName}</VisuallyHidden>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

// The two sides and what is left between them, and how that difference is settled (docs/domain/sales.md, Exchange).
function ExchangeSummary({ invoice }: { invoice: Invoice }) {
  const { register, formState } = useFormContext<ExchangeValues>();
  const returned = useReturnedAmounts(invoice).reduce((sum, amount) => sum + amount, 0);
  const newTotal = useSaleTotals(null).totals.total;
  const method = useWatch<ExchangeValues, 'payment_method'>({ name: 'payment_method' });
  const difference = newTotal - returned;
  const owed = difference > 0;
  const amount = formatMoney(toPesos(Math.abs(difference)));
  const methodLabel = differenceMethods.find((choice) => choice.value === method)?.label ?? '';
  const settled =
    difference === 0
      ? 'The returned goods pay for the new items exactly.'
      : method === ''
        ? owed
          ? `Without a method, ${amount} stays owed on the new invoice.`
          : `Without a method, ${amount} stays with the customer as store credit.`
        : owed
          ? `${amount} is paid in ${methodLabel}.`
          : `${amount} is refunded in ${methodLabel}.`;
  const methodError: FieldError | undefined = get(formState.errors, 'payment_method');
  const referenceError: FieldError | undefined = get(formState.errors, 'reference');
  return (
    <Stack gap="3" as="section" aria-labelledby="summary-heading">
      <Heading size="md" id="summary-heading">
        Summary
      </Heading>
      <DataList.Root orientation="horizontal" size="sm" aria-label="Exchange summary">
        <DataList.Item>
          <DataList.ItemLabel>Returned value</DataList.ItemLabel>
          <DataList.ItemValue>{formatMoney(toPesos(returned))}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>New sale total</DataList.ItemLabel>
          <DataList.ItemValue>{formatMoney(toPesos(newTotal))}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel fontWeight="semibold">{owed ? 'To pay' : 'To refund'}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold">{amount}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root id="payment_method" invalid={Boolean(methodError)}>
          <Field.Label>Payment method</Field.Label>
          <ChoiceSelect
            choices={differenceMethods}
            empty={owed ? 'None (leave owed)' : 'None (keep as store credit)'}
            {...register('payment_method')}
          />
          <Field.HelperText>{settled}</Field.HelperText>
          {methodError?.message ? <Field.ErrorText>{methodError.message}</Field.ErrorText> : null}
        </Field.Root>
        {method !== '' && method !== 'cash' ? (
          <Field.Root id="reference" invalid={Boolean(referenceError)}>
            <Field.Label>Reference</Field.Label>
            <Input {...register('reference', { setValueAs: toTextOrNull })} />
            {referenceError?.message ? <Field.ErrorText>{referenceError.message}</Field.ErrorText> : null}
          </Field.Root>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
