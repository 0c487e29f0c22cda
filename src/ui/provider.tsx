import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';

export type UiProviderProps = { children: ReactNode };

// Chakra v3's Provider snippet: the design system plus next-themes for the colour mode (kept light for the shop).
export function UiProvider({ children }: UiProviderProps) {
  return (
    <ChakraProvider value={defaultSystem}>
      <ThemeProvider attribute="class" forcedTheme="light" disableTransitionOnChange>
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}
