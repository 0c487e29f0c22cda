import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';

// Chakra's default system (tokens and the recipes of every component) is a fifth of the app's first download.
// The app draws nothing until the full system has loaded (main.tsx), and every screen loads it together with its
// own code (`loadFullSystem`, in parallel), so the first download carries only Chakra's bare style engine.
// Building a system walks every token (a third of a second on a phone's CPU): the bare one is made only if something
// is drawn before the full one has come, which the app never does (main.tsx) but a component on its own in a test
// may.
let current: SystemContext | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function currentSystem(): SystemContext {
  current ??= createSystem(defaultBaseConfig);
  return current;
}

export function onSystemChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadFullSystem(): Promise<void> {
  loading ??= import('./full-system.ts').then(({ fullSystem }) => {
    current = fullSystem;
    for (const listener of listeners) listener();
  });
  return loading;
}
