import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { currentSystem, onSystemChange } from './system.ts';

export type UiProviderProps = { children: ReactNode };

// Chakra v3's Provider, on the shell's system until the full one has loaded (system.ts). The shop works in the
// light theme only, so next-themes' colour-mode switcher of the snippet is left out (it also renders a <script>
// that React 19 warns about on the client).
export function UiProvider({ children }: UiProviderProps) {
  const system = useSyncExternalStore(onSystemChange, currentSystem);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
