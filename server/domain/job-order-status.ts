// The life of an eyewear job order (docs/domain/eye-care.md, Eyewear job orders): open → in_lab → ready → claimed,
// cancelled from open or in_lab, and forfeited from ready when it is left unclaimed (The order's road); ready goes back
// to in_lab when it was marked by mistake. Nothing leaves claimed, cancelled, forfeited or remade. A ready or claimed
// order becomes remade only through its remake (server/areas/eye-care/job-order-remake.ts), never by a status move.

export const jobOrderStatuses = ['open', 'in_lab', 'ready', 'claimed', 'cancelled', 'forfeited', 'remade'] as const;
export type JobOrderStatus = (typeof jobOrderStatuses)[number];

const nextStatuses: Record<JobOrderStatus, readonly JobOrderStatus[]> = {
  open: ['in_lab', 'cancelled'],
  in_lab: ['ready', 'cancelled'],
  ready: ['claimed', 'in_lab', 'forfeited'],
  claimed: [],
  cancelled: [],
  forfeited: [],
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
  forfeited: 'forfeited',
  remade: 'remade',
};

export function jobOrderStatusWords(status: JobOrderStatus): string {
  return statusWords[status];
}
