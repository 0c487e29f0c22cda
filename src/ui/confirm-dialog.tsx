import { ActionDialog } from './action-dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  action: string;
  subject: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  // A confirmation whose words the domain fixes (docs/domain/eye-care.md: "Cancel this order?", "Keep order",
  // "Cancel order"), with what the action will do besides.
  // `routine`: a step of the record's everyday road (sending an order to the lab), asked as a plain question with
  // the step's own button, not as a danger.
  words?: { title: string; keep: string; confirm: string; detail?: string | undefined; routine?: boolean | undefined };
};

// docs/domain/screens.md, View screen: the keyboard cannot close it (no Escape), nor can a click outside; only its
// buttons can.
export function ConfirmDialog({ open, action, subject, busy, onConfirm, onCancel, words }: ConfirmDialogProps) {
  return (
    <ActionDialog
      open={open}
      alert
      title={words?.title ?? `You're about to ${action} this.`}
      actionLabel={words?.confirm ?? 'Confirm'}
      {...(words ? { closeLabel: words.keep } : {})}
      palette={words?.routine ? 'teal' : 'red'}
      busy={busy}
      onAction={onConfirm}
      onClose={onCancel}
    >
      {words?.routine
        ? words.detail
        : `Are you sure you want to ${action} ${subject}?${words?.detail ? ` ${words.detail}` : ''}`}
    </ActionDialog>
  );
}
