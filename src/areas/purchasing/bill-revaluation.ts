import type { BillLine } from '../../../generated/model/index.ts';
import type { ResourceApi } from '../../resources/resource.ts';

// docs/domain/purchasing.md, Bills: where a bill's cost differs from what its receipts posted, what that moved, per
// line: the value of the goods still on hand (the average follows) and the cost of sales of those that had left. A bill
// at its receipts' costs, or read without view-costs, has none and shows no section.
export function revaluationSection(
  load: (id: number, signal?: AbortSignal) => Promise<readonly BillLine[]>,
): NonNullable<ResourceApi['related']>[number] {
  return {
    caption: 'Revaluation',
    columns: [
      { field: 'item_name', label: 'Item' },
      { field: 'revalued_quantity', label: 'Quantity Revalued', kind: 'quantity' },
      { field: 'revalued_on_hand', label: 'On Hand', kind: 'money', cost: true },
      { field: 'revalued_to_cost_of_sales', label: 'Cost of Sales', kind: 'money', cost: true },
    ],
    queryKey: (id) => ['bills', id, 'revaluation'],
    hideWhenEmpty: true,
    load: async (id, signal) =>
      (await load(id, signal))
        .filter(
          (line) =>
            line.revalued_quantity > 0 &&
            ((line.revalued_on_hand ?? 0) !== 0 || (line.revalued_to_cost_of_sales ?? 0) !== 0),
        )
        .map((line) => ({ ...line })),
  };
}
