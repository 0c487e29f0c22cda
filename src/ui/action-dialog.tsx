import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type ActionDialogProps = {
  open?: boolean;
  title: ReactNode;
  // The button that does it ("Generate", "Link", "Confirm"), beside the one that closes the dialog (Cancel unless
  // `closeLabel` says otherwise: "Keep order" where Cancel would read as the action itself).
  actionLabel: string;
  closeLabel?: string;
  palette?: 'teal' | 'red';
  busy: boolean;
  onAction: () => void;
  onClose: () => void;
  // A confirmation (docs/domain/screens.md, View screen): read as an alert, and the keyboard cannot close it.
  alert?: boolean;
  children: ReactNode;
};

// A dialog that asks for one thing and does it. A click outside never closes it, so that nothing typed is lost, and
// nothing closes it while the action runs.
export function ActionDialog({
  open = true,
  title,
  actionLabel,
  closeLabel = 'Cancel',
  palette = 'teal',
  busy,
  onAction,
  onClose,
  alert = false,
  children,
}: ActionDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role={alert ? 'alertdialog' : 'dialog'}
      closeOnEscape={!alert}
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {closeLabel}
              </Button>
              <Button colorPalette={palette} onClick={onAction} loading={busy}>
                {actionLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
