// A document made from another (an invoice from a quotation or a job order, a deposit on a job order) starts with
// the same customer at the same branch.
export function customerAndBranchOf<
  Source extends { contact_id: unknown; contact_name: unknown; branch_id: unknown; branch_name: unknown },
>({ contact_id, contact_name, branch_id, branch_name }: Source) {
  return { contact_id, contact_name, branch_id, branch_name };
}
