// The life of an eyewear job order (docs/domain/eye-care.md, Eyewear job orders): open → in_lab → ready → claimed, and
// cancelled from open or in_lab; ready goes back to in_lab when it was marked by mistake. Nothing leaves claimed or
// cancelled.

export const jobOrderStatuses = ['open', 'in_lab', 'ready', 'claimed', 'cancelled'] as const;
export type JobOrderStatus = (typeof jobOrderStatuses)[number];

const nextStatuses: Record<JobOrderStatus, readonly JobOrderStatus[]> = {
  open: ['in_lab', 'cancelled'],
  in_lab: ['ready', 'cancelled'],
  ready: ['claimed', 'in_lab'],
  claimed: [],
  cancelled: [],
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
};

export function jobOrderStatusWords(status: JobOrderStatus): string {
  return statusWords[status];
}
