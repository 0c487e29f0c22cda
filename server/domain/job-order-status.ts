// The life of an eyewear job order (docs/domain/eye-care.md, Eyewear job orders): open → in_lab → ready → claimed,
// cancelled from open or in_lab, and forfeited from ready when it is left unclaimed (The order's road); ready goes back
// to in_lab when it was marked by mistake. Nothing leaves claimed, cancelled or forfeited.

export const jobOrderStatuses = ['open', 'in_lab', 'ready', 'claimed', 'cancelled', 'forfeited'] as const;
export type JobOrderStatus = (typeof jobOrderStatuses)[number];

const nextStatuses: Record<JobOrderStatus, readonly JobOrderStatus[]> = {
  open: ['in_lab', 'cancelled'],
  in_lab: ['ready', 'cancelled'],
  ready: ['claimed', 'in_lab', 'forfeited'],
  claimed: [],
  cancelled: [],
  forfeited: [],
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
};

export function jobOrderStatusWords(status: JobOrderStatus): string {
  return statusWords[status];
}
