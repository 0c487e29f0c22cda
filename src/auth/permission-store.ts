import type { AuthUser } from '../../generated/model/index.ts';

// docs/domain/screens.md, Start-up and sign-out: the signed-in user's permissions and role names live in localStorage
// under these keys, and every reader re-reads them when a User-Retrieved event fires.
export const permissionsStorageKey = 'permissions';
export const roleNamesStorageKey = 'role_names';
export const userRetrievedEvent = 'User-Retrieved';

export function storeUser(user: AuthUser): void {
  localStorage.setItem(permissionsStorageKey, JSON.stringify(user.permission_names));
  localStorage.setItem(roleNamesStorageKey, JSON.stringify(user.role_names));
  window.dispatchEvent(new Event(userRetrievedEvent));
}

export function readStoredList(key: string): string[] | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : null;
  } catch {
    return null;
  }
}
