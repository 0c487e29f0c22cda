import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UiProvider } from '../ui/provider.tsx';
import { Toaster } from '../ui/toaster.tsx';

export type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        {children}
        <Toaster />
      </UiProvider>
    </QueryClientProvider>
  );
}
