import { Toaster as ChakraToaster, createToaster, HStack, Link, Portal, Stack, Toast } from '@chakra-ui/react';
import { currentPage, toastNavigator, whenPageChanges } from './toast-navigation.ts';

// docs/domain/screens.md, The shell: toasts sit at the bottom right and hide after 5 seconds.
export const toastDuration = 5000;

export const toaster = createToaster({ placement: 'bottom-end', duration: toastDuration, pauseOnPageIdle: true });

// Where a toast's links lead: the record just saved and what is done next with it.
export type ToastLink = { label: string; to: string };

export function notifySuccess(title: string, links: readonly ToastLink[] = []): void {
  toaster.create({ title, type: 'success', duration: toastDuration, meta: { links, page: currentPage() } });
}

// Two pages on (the save's own page, then the one it led to), a toast's links go with it.
whenPageChanges((page) => {
  for (const toast of toaster.getVisibleToasts()) {
    const raisedOn = toast.meta?.page;
    if (toast.id && typeof raisedOn === 'number' && linksOf(toast.meta).length > 0 && page - raisedOn >= 2) {
      toaster.remove(toast.id);
    }
  }
});

function linksOf(meta: Record<string, unknown> | undefined): readonly ToastLink[] {
  const links = meta?.links;
  return Array.isArray(links) ? (links as ToastLink[]) : [];
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
              {linksOf(toast.meta).length > 0 ? (
                <HStack gap="3" textStyle="sm" fontWeight="medium">
                  {linksOf(toast.meta).map((link) => (
                    <Link
                      key={link.to}
                      href={link.to}
                      color="inherit"
                      textDecoration="underline"
                      onClick={(event) => {
                        const navigate = toastNavigator();
                        if (!navigate || event.ctrlKey || event.metaKey || event.shiftKey) return;
                        event.preventDefault();
                        navigate(link.to);
                      }}
                    >
                      {link.label}
                    </Link>
                  ))}
                </HStack>
              ) : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
