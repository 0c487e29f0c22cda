import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';

// docs/domain/screens.md, The shell: toasts sit at the bottom right and hide after 5 seconds.
export const toastDuration = 5000;

export const toaster = createToaster({ placement: 'bottom-end', duration: toastDuration, pauseOnPageIdle: true });

export function notifySuccess(title: string): void {
  toaster.create({ title, type: 'success', duration: toastDuration });
}

export function notifyError(title: string): void {
  toaster.create({ title, type: 'error', duration: toastDuration });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
