// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fullAccessPermission, isAllowed } from '../../../src/auth/gate.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { usePermissions } from '../../../src/auth/use-permissions.ts';

afterEach(() => localStorage.clear());

describe('the permission gate (docs/domain/screens.md, Permissions in the client)', () => {
  it('grants everything to full access, spelled as the product spells it', () => {
    expect(fullAccessPermission).toBe('full-access-and-permssions');
    expect(isAllowed([fullAccessPermission], { prefix: 'bills', action: 'force-delete' })).toBe(true);
  });

  it('needs {action}-{prefix} otherwise', () => {
    const held = ['view-brands', 'create-brands'];
    expect(isAllowed(held, { prefix: 'brands', action: 'view' })).toBe(true);
    expect(isAllowed(held, { prefix: 'brands', action: 'create' })).toBe(true);
    expect(isAllowed(held, { prefix: 'brands', action: 'update' })).toBe(false);
    expect(isAllowed(held, { prefix: 'items', action: 'view' })).toBe(false);
  });

  it('accepts any one permission of a per-screen override, and only those', () => {
    const check = { prefix: 'roles', action: 'update', override: ['assign-roles', 'update-users'] } as const;
    expect(isAllowed(['update-users'], check)).toBe(true);
    expect(isAllowed(['update-roles'], check)).toBe(false);
  });

  it('lets everything through when the check is switched off', () => {
    expect(isAllowed([], { prefix: 'users', action: 'delete', enabled: false })).toBe(true);
  });

  it('re-reads the stored permissions when a User-Retrieved event fires', () => {
    const { result } = renderHook(() => usePermissions());
    expect(result.current).toBeNull();
    act(() =>
      storeUser({
        id: 3,
        name: 'Clerk',
        email: 'clerk@spectacle.test',
        userable_from: null,
        userable_type: null,
        userable_id: null,
        role_names: ['Clerk'],
        permission_names: ['view-stocks'],
        must_change_password: false,
      }),
    );
    expect(result.current).toEqual(['view-stocks']);
    expect(JSON.parse(localStorage.getItem('role_names') ?? 'null')).toEqual(['Clerk']);
  });
});
