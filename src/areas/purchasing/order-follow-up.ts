import type { PurchaseOrderLine } from '../../../generated/model/index.ts';

// A receipt or a bill started from its purchase order (docs/domain/purchasing.md): the order's supplier and location,
// the order named, and each order line at `quantityOf` it, the lines with nothing left dropped. `more` adds what a
// line carries besides.
export function prefillFromOrder(
  quantityOf: (line: PurchaseOrderLine) => number,
  more: (quantity: number) => Record<string, number> = () => ({}),
) {
  return async (id: number) => {
    const { getPurchaseOrder } = await import('../../../generated/hooks/purchase-orders/purchase-orders.ts');
    const order = await getPurchaseOrder(id);
    return {
      ...order,
      purchase_order_id: order.id,
      purchase_order_number: order.number,
      lines: order.lines
        .map((line) => {
          const quantity = quantityOf(line);
          return { ...line, purchase_order_line_id: line.id, quantity, ...more(quantity) };
        })
        .filter((line) => line.quantity > 0),
    };
  };
}
