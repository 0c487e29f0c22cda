import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { paymentDeclaration } from '../../resources/payment-declaration.ts';
import { defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const billPayments = defineResource({
  key: 'bill-payments',
  ...paymentDeclaration('bills'),
  load: async () => {
    const api = await import('../../../generated/hooks/bill-payments/bill-payments.ts');
    const schemas = () => import('../../../generated/zod/bill-payments/bill-payments.zod.ts');
    return {
      ...standardOperations({ one: 'BillPayment', many: 'BillPayments' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'bills'),
      prefill: async (id) => {
        const { getBill } = await import('../../../generated/hooks/bills/bills.ts');
        const bill = await getBill(id);
        return { bill_id: bill.id, bill_number: bill.number, amount: bill.balance };
      },
    };
  },
});
