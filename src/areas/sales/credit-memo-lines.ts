import type { FormValues } from '../../resources/resource.ts';

// docs/domain/sales.md, Credit memos: a memo starts from its invoice, a line for each invoice line that has anything
// left to credit, at the whole quantity left (the cashier lowers it or removes the lines that stay with the customer).
// An exchange keeps the whole credit as store credit, to pay the new invoice with.
export async function creditMemoLinesFrom(
  invoiceId: number,
  flow: 'return' | 'exchange' = 'return',
): Promise<FormValues> {
  const { getInvoice } = await import('../../../generated/hooks/invoices/invoices.ts');
  const invoice = await getInvoice(invoiceId);
  const lines = invoice.lines
    .map((line) => {
      const left = Math.round((line.quantity - line.credited_quantity) * 1000) / 1000;
      return {
        invoice_line_id: line.id,
        item_name: `${line.item_name ?? ''} (${left} of ${line.quantity} left)`,
        quantity: left,
        restock: true,
        left,
      };
    })
    .filter((line) => line.left > 0)
    .map(({ left: _left, ...line }) => line);
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    reason: 'returned',
    settlement: flow === 'exchange' ? 'store_credit' : null,
    lines,
  };
}
