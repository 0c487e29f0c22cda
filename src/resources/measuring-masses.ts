import { defineResource } from './resource.ts';

export const measuringMasses = defineResource({
  key: 'measuring-masses',
  singular: 'Measuring Mass',
  plural: 'Measuring Masses',
  group: 'inventory',
  linked: true,
  screens: 'full',
  title: 'name',
  columns: [
    { field: 'name', label: 'Name' },
    { field: 'description', label: 'Description' },
  ],
  viewFields: [
    { field: 'name', label: 'Name' },
    { field: 'description', label: 'Description' },
    { field: 'created_at', label: 'Created', kind: 'timestamp' },
    { field: 'updated_at', label: 'Updated', kind: 'timestamp' },
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../generated/hooks/measuring-masses/measuring-masses.ts'),
      import('../../generated/zod/measuring-masses/measuring-masses.zod.ts'),
    ]);
    return {
      list: api.listMeasuringMasses,
      listKey: api.getListMeasuringMassesQueryKey,
      get: api.getMeasuringMass,
      detailKey: api.getGetMeasuringMassQueryKey,
      search: api.searchMeasuringMasses,
      create: api.createMeasuringMass,
      update: api.updateMeasuringMass,
      remove: api.deleteMeasuringMass,
      restore: api.restoreMeasuringMass,
      forceDelete: api.forceDeleteMeasuringMass,
      createSchema: schemas.CreateMeasuringMassBody,
      updateSchema: schemas.UpdateMeasuringMassBody,
    };
  },
});
