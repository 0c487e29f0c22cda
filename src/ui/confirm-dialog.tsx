import { Button, Dialog, Portal } from '@chakra-ui/react';

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
    <Dialog.Root
      open={open}
      role="alertdialog"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>You're about to {action} this.</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              Are you sure you want to {action} {subject}?
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy}>
                Confirm
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
