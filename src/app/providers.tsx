import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { UiProvider } from '../ui/provider.tsx';

// Toasts come after something happened: their component loads after the first paint.
const Toaster = lazy(async () => ({ default: (await import('../ui/toaster.tsx')).Toaster }));

export type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        {children}
        <Suspense>
          <Toaster />
        </Suspense>
      </UiProvider>
    </QueryClientProvider>
  );
}
