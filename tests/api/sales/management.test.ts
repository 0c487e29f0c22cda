import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GetAuthUserResponse } from '../../../generated/zod/auth/auth.zod.ts';
import { CreateBrandResponse, ListBrandsResponse } from '../../../generated/zod/brands/brands.zod.ts';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { CreateItemResponse } from '../../../generated/zod/items/items.zod.ts';
import { ListPermissionsResponse } from '../../../generated/zod/permissions/permissions.zod.ts';
import { AssignRolePermissionsResponse, CreateRoleResponse } from '../../../generated/zod/roles/roles.zod.ts';
import {
  AssignUserRolesResponse,
  CreateUserResponse,
  ResetUserPasswordResponse,
  ResetUserSecurityPinResponse,
} from '../../../generated/zod/users/users.zod.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';
import { createReferences } from '../platform/resource-cases.ts';

const MessageOnly = z.strictObject({ message: z.string() });
const ValidationError = z.strictObject({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

let api: TestApi;
let admin: TestClient;
let businessA: number;
let businessB: number;

beforeAll(async () => {
  api = await createTestApi();
  businessA = await api.createBusiness('Clear Sight Optical');
  businessB = await api.createBusiness('Other Optical Co.');
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [businessA],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = businessA;
});

afterAll(() => api.close());

describe('lists and paging', () => {
  it('pages with meta and links', async () => {
    for (let index = 1; index <= 17; index++) {
      expectContract(await admin.post('/api/brands', { name: `Paged brand ${index}` }), 201, CreateBrandResponse);
    }
    const first = expectContract(await admin.get('/api/brands?search=Paged'), 200, ListBrandsResponse);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 15, total: 17, total_is_lower_bound: false });
    expect(first.data[0]?.name).toBe('Paged brand 17');
    expect(first.links.prev).toBeNull();
    expect(first.links.next).toContain('page=2');
    const second = expectContract(
      await admin.get('/api/brands?search=Paged&page=2&order_by=asc'),
      200,
      ListBrandsResponse,
    );
    expect(second.data.map((brand) => brand.name)).toEqual(['Paged brand 16', 'Paged brand 17']);
    expect(second.links.next).toBeNull();
    const wide = expectContract(await admin.get('/api/brands?search=Paged&per_page=25'), 200, ListBrandsResponse);
    expect(wide.meta.last_page).toBe(1);
  });
});

describe('rules of the records', () => {
  it('refuses a duplicate name, even of a soft-deleted record, as a 422 naming the field', async () => {
    const brand = expectContract(await admin.post('/api/brands', { name: 'Silhouette' }), 201, CreateBrandResponse);
    await admin.delete(`/api/brands/${brand.id}`);
    const duplicate = expectContract(await admin.post('/api/brands', { name: 'Silhouette' }), 422, ValidationError);
    expect(Object.keys(duplicate.errors)).toEqual(['name']);
    admin.businessId = businessB;
    expectContract(await admin.post('/api/brands', { name: 'Silhouette' }), 201, CreateBrandResponse);
    admin.businessId = businessA;
  });

  it('refuses to delete permanently a record still referred to', async () => {
    const refs = await createReferences(admin);
    const brand = expectContract(await admin.post('/api/brands', { name: 'Maui Jim' }), 201, CreateBrandResponse);
    const units = (await admin.get('/api/unit-of-measurements/search')).json as { id: number }[];
    expectContract(
      await admin.post('/api/items', {
        code: 'MJ-1',
        name: 'Maui Jim Peahi',
        brand_id: brand.id,
        item_type_id: refs.itemTypeId,
        unit_of_measurement_id: units[0]?.id,
      }),
      201,
      CreateItemResponse,
    );
    await admin.delete(`/api/brands/${brand.id}`);
    expectContract(await admin.delete(`/api/brands/${brand.id}/force-delete`), 409, MessageOnly);
  });

  it("refuses a reference to another business's record", async () => {
    admin.businessId = businessB;
    const foreign = await createReferences(admin);
    admin.businessId = businessA;
    const answer = await admin.post('/api/contacts', { name: 'Ana', contact_type_id: foreign.contactTypeId });
    expect(Object.keys(expectContract(answer, 422, ValidationError).errors)).toEqual(['contact_type_id']);
  });

  it('replays a create with the same Idempotency-Key instead of creating twice', async () => {
    const headers = { 'idempotency-key': 'form-submit-1' };
    const first = expectContract(
      await admin.post('/api/brands', { name: 'Persol' }, { headers }),
      201,
      CreateBrandResponse,
    );
    const again = expectContract(
      await admin.post('/api/brands', { name: 'Persol' }, { headers }),
      201,
      CreateBrandResponse,
    );
    expect(again.id).toBe(first.id);
    expectContract(await admin.post('/api/brands', { name: 'Other' }, { headers }), 422, ValidationError);
  });
});

describe('permissions', () => {
  it('lists the seeded catalogue, filters by group and action, and cannot be written', async () => {
    const page = expectContract(
      await admin.get('/api/permissions?group=inventory&action=view&per_page=100'),
      200,
      ListPermissionsResponse,
    );
    expect(page.data.map((permission) => permission.name)).toContain('view-items');
    expect(page.data.every((permission) => permission.action === 'view' && permission.group === 'inventory')).toBe(
      true,
    );
    const all = expectContract(await admin.get('/api/permissions'), 200, ListPermissionsResponse);
    // Six actions per resource, full access, the daily sales report, the twenty owner's reports and eleven rules.
    expect(all.meta.total).toBe(48 * 6 + 1 + 1 + 20 + 11);
    expect((await admin.post('/api/permissions', { name: 'rule-everything' })).status).toBe(404);
    const id = page.data[0]?.id;
    expect((await admin.delete(`/api/permissions/${id}`)).status).toBe(404);
  });
});

describe('users, roles and businesses', () => {
  it('puts a user made inside a business into it, unless business_ids says otherwise', async () => {
    const manager = await api.signIn('owner@example.test');
    await api.createUser({
      email: 'branch.manager@example.test',
      permissions: ['create-users', 'view-users'],
      businessIds: [businessA],
    });
    const teamLead = await api.signIn('branch.manager@example.test');
    teamLead.businessId = businessA;
    const joined = expectContract(
      await teamLead.post('/api/users', { name: 'Lito', email: 'lito@example.test', password: 'first password' }),
      201,
      CreateUserResponse,
    );
    expect(joined.business_ids).toEqual([businessA]);
    const lito = await api.signIn('lito@example.test', 'first password');
    const { businesses } = expectContract(
      await lito.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    );
    expect(businesses.map((business) => business.id)).toEqual([businessA]);

    manager.businessId = businessB;
    const elsewhere = expectContract(
      await manager.post('/api/users', {
        name: 'Mila',
        email: 'mila@example.test',
        password: 'first password',
        business_ids: [businessA],
      }),
      201,
      CreateUserResponse,
    );
    expect(elsewhere.business_ids).toEqual([businessA]);
    const none = expectContract(
      await manager.post('/api/users', {
        name: 'Nilo',
        email: 'nilo@example.test',
        password: 'first password',
        business_ids: [],
      }),
      201,
      CreateUserResponse,
    );
    expect(none.business_ids).toEqual([]);
  });

  it('resets a password: the temporary one signs in, must be changed, and old sessions end', async () => {
    const user = expectContract(
      await admin.post('/api/users', { name: 'Rosa', email: 'rosa@example.test', password: 'first password' }),
      201,
      CreateUserResponse,
    );
    expect(user.business_ids).toEqual([businessA]);
    const rosa = await api.signIn('rosa@example.test', 'first password');
    const reset = expectContract(
      await admin.post('/api/users/reset-password', { id: user.id }),
      200,
      ResetUserPasswordResponse,
    );
    expectContract(await rosa.get('/api/auth/user'), 401, MessageOnly);
    const again = await api.signIn('rosa@example.test', reset.temporary_password);
    expect(expectContract(await again.get('/api/auth/user'), 200, GetAuthUserResponse).user.must_change_password).toBe(
      true,
    );
    const pin = expectContract(
      await admin.post('/api/users/reset-security-pin', { id: user.id }),
      200,
      ResetUserSecurityPinResponse,
    );
    expect(pin.security_pin).toMatch(/^\d{6}$/);
    expectContract(await admin.post('/api/users/reset-password', { id: 999999 }), 404, MessageOnly);
  });

  it('assigns permissions to roles and roles to users, which changes what the user may do', async () => {
    const role = expectContract(await admin.post('/api/roles', { name: 'Brand keeper' }), 201, CreateRoleResponse);
    const permissions = (await admin.get('/api/permissions?search=brands&per_page=100')).json as {
      data: { id: number; name: string }[];
    };
    const viewBrands = permissions.data.find((permission) => permission.name === 'view-brands');
    const assigned = expectContract(
      await admin.put(`/api/roles/${role.id}/permissions`, { permission_ids: [viewBrands?.id] }),
      200,
      AssignRolePermissionsResponse,
    );
    expect(assigned.permission_names).toEqual(['view-brands']);
    const userId = await api.createUser({ email: 'keeper@example.test', permissions: [], businessIds: [businessA] });
    const keeper = await api.signIn('keeper@example.test');
    keeper.businessId = businessA;
    expectContract(await keeper.get('/api/brands'), 403, MessageOnly);
    const user = expectContract(
      await admin.put(`/api/users/${userId}/roles`, { role_ids: [role.id] }),
      200,
      AssignUserRolesResponse,
    );
    expect(user.role_names).toEqual(['Brand keeper']);
    expectContract(await keeper.get('/api/brands'), 200, ListBrandsResponse);
    expectContract(await admin.put(`/api/users/${userId}/roles`, { role_ids: [424242] }), 422, ValidationError);
  });

  it('hides businesses and users of other businesses from a user without full access', async () => {
    const manage = ['view', 'update', 'delete'].flatMap((action) => [`${action}-businesses`, `${action}-users`]);
    await api.createUser({ email: 'manager@example.test', permissions: manage, businessIds: [businessA] });
    const outsider = await api.createUser({
      email: 'outsider@example.test',
      permissions: [],
      businessIds: [businessB],
    });
    const manager = await api.signIn('manager@example.test');
    expectContract(await manager.get(`/api/businesses/${businessB}`), 404, MessageOnly);
    expectContract(await manager.patch(`/api/businesses/${businessB}`, { name: 'Taken over' }), 404, MessageOnly);
    expectContract(await manager.get(`/api/users/${outsider}`), 404, MessageOnly);
    expectContract(await manager.delete(`/api/users/${outsider}`), 404, MessageOnly);
    const mine = expectContract(await manager.get('/api/businesses/get-all-businesses'), 200, GetAllBusinessesResponse);
    expect(mine.businesses.map((business) => business.id)).toEqual([businessA]);
  });
});
