import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type UiProviderProps = { children: ReactNode };

// Chakra v3's Provider with its default system. The shop works in the light theme only, so next-themes' colour-mode
// switcher of the snippet is left out (it also renders a <script> that React 19 warns about on the client).
export function UiProvider({ children }: UiProviderProps) {
  return <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>;
}
