// The life of an eyewear job order (docs/domain/eye-care.md, Eyewear job orders): open → in_lab → ready → claimed, and
// cancelled from open or in_lab. Nothing leaves claimed or cancelled. A ready or claimed order becomes remade only
// through its remake (server/areas/eye-care/job-order-remake.ts), never by a status move.

export const jobOrderStatuses = ['open', 'in_lab', 'ready', 'claimed', 'cancelled', 'remade'] as const;
export type JobOrderStatus = (typeof jobOrderStatuses)[number];

const nextStatuses: Record<JobOrderStatus, readonly JobOrderStatus[]> = {
  open: ['in_lab', 'cancelled'],
  in_lab: ['ready', 'cancelled'],
  ready: ['claimed'],
  claimed: [],
  cancelled: [],
  remade: [],
};

export function canMoveJobOrder(from: JobOrderStatus, to: JobOrderStatus): boolean {
  return nextStatuses[from].includes(to);
}

export function nextJobOrderStatuses(from: JobOrderStatus): readonly JobOrderStatus[] {
  return nextStatuses[from];
}

const statusWords: Record<JobOrderStatus, string> = {
  open: 'open',
  in_lab: 'in the lab',
  ready: 'ready',
  claimed: 'claimed',
  cancelled: 'cancelled',
  remade: 'remade',
};

export function jobOrderStatusWords(status: JobOrderStatus): string {
  return statusWords[status];
}
