import { useCallback, useSyncExternalStore } from 'react';
import { isAllowed, type PermissionCheck } from './gate.ts';
import { permissionsStorageKey, readStoredList, userRetrievedEvent } from './permission-store.ts';

let cachedRaw: string | null = null;
let cachedList: string[] | null = null;

function snapshot(): string[] | null {
  const raw = localStorage.getItem(permissionsStorageKey);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = readStoredList(permissionsStorageKey);
  }
  return cachedList;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(userRetrievedEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(userRetrievedEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

// null until the user's permissions have been stored.
export function usePermissions(): string[] | null {
  return useSyncExternalStore(subscribe, snapshot);
}

export function useGate(): (check: PermissionCheck) => boolean {
  const held = usePermissions();
  return useCallback((check: PermissionCheck) => isAllowed(held ?? [], check), [held]);
}

// Costs, stock values and payables (docs/domain/management.md, Permissions): the server answers them null without
// view-costs.
export function useSeesCosts(): boolean {
  return useGate()({ prefix: 'costs', action: 'view' });
}
