import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { paymentDeclaration } from '../../resources/payment-declaration.ts';
import { defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const invoicePayments = defineResource({
  key: 'invoice-payments',
  ...paymentDeclaration('invoices'),
  prefillRoutes: [{ segment: 'store-credit', param: 'invoice_id' }],
  load: async () => {
    const api = await import('../../../generated/hooks/invoice-payments/invoice-payments.ts');
    const schemas = () => import('../../../generated/zod/invoice-payments/invoice-payments.zod.ts');
    return {
      ...standardOperations({ one: 'InvoicePayment', many: 'InvoicePayments' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'invoices'),
      prefill: async (id) => {
        const { getInvoice } = await import('../../../generated/hooks/invoices/invoices.ts');
        const invoice = await getInvoice(id);
        return { invoice_id: invoice.id, invoice_number: invoice.number, amount: invoice.balance };
      },
      // An exchange's invoice is paid first from the customer's store credit (docs/domain/sales.md, Credit memos).
      prefillFrom: {
        'store-credit': async (id) => {
          const [{ getInvoice }, { getContact }] = await Promise.all([
            import('../../../generated/hooks/invoices/invoices.ts'),
            import('../../../generated/hooks/contacts/contacts.ts'),
          ]);
          const invoice = await getInvoice(id);
          const contact = await getContact(invoice.contact_id);
          return {
            invoice_id: invoice.id,
            invoice_number: invoice.number,
            payment_method: 'store_credit',
            amount: Math.min(invoice.balance, contact.store_credit_balance ?? 0),
          };
        },
      },
    };
  },
});
