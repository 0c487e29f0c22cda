import { ActionDialog } from './action-dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  action: string;
  subject: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

// docs/domain/screens.md, View screen: the keyboard cannot close it (no Escape), nor can a click outside; only its
// buttons can.
export function ConfirmDialog({ open, action, subject, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ActionDialog
      open={open}
      alert
      title={`You're about to ${action} this.`}
      actionLabel="Confirm"
      palette="red"
      busy={busy}
      onAction={onConfirm}
      onClose={onCancel}
    >
      Are you sure you want to {action} {subject}?
    </ActionDialog>
  );
}
