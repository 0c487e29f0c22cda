import type { PermissionAction } from '../../auth/gate.ts';

export type RecordAction = 'delete' | 'restore' | 'delete permanently' | 'reset password' | 'reset security pin';

// docs/domain/screens.md, Messages, to the letter: the three record actions end with a period, the two resets do not.
export function successToast(action: RecordAction, name: string): string {
  switch (action) {
    case 'delete':
      return `${name} deleted successfully.`;
    case 'restore':
      return `${name} restored successfully.`;
    case 'delete permanently':
      return `${name} deleted permanently successfully.`;
    case 'reset password':
      return `${name} reset password successfully`;
    case 'reset security pin':
      return `${name} reset security pin successfully`;
  }
}

export const actionPermission: Record<RecordAction, PermissionAction | null> = {
  delete: 'delete',
  restore: 'restore',
  'delete permanently': 'force-delete',
  // Shown by flag, not permission (docs/domain/screens.md, View screen).
  'reset password': null,
  'reset security pin': null,
};

export const actionButtonLabel: Record<RecordAction, string> = {
  delete: 'Delete',
  restore: 'Restore',
  'delete permanently': 'Delete Permanently',
  'reset password': 'Reset Password',
  'reset security pin': 'Reset Security Pin',
};

// Which actions a record offers in its state (docs/domain/screens.md, View screen): an active record can be deleted, a
// deleted one restored or deleted permanently.
export function offeredActions(deleted: boolean, resettable: boolean): RecordAction[] {
  const lifecycle: RecordAction[] = deleted ? ['restore', 'delete permanently'] : ['delete'];
  return resettable && !deleted ? [...lifecycle, 'reset password', 'reset security pin'] : lifecycle;
}
