import { defineNamedRecords } from '../../resources/named-records.ts';

export const measuringMasses = defineNamedRecords({
  key: 'measuring-masses',
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/measuring-masses/measuring-masses.ts'),
      import('../../../generated/zod/measuring-masses/measuring-masses.zod.ts'),
    ]);
    return {
      list: api.listMeasuringMasses,
      listKey: api.getListMeasuringMassesQueryKey,
      get: api.getMeasuringMass,
      detailKey: api.getGetMeasuringMassQueryKey,
      history: api.getMeasuringMassHistory,
      historyKey: api.getGetMeasuringMassHistoryQueryKey,
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
