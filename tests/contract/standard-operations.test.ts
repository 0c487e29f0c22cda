import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractFiles, contractFolder } from '../../scripts/contract/contract-files.ts';
import { foldableFiles } from '../../scripts/contract/fold.ts';
import { renderStandardFiles, staleStandardFiles } from '../../scripts/contract/generate.ts';
import { recordSchemas } from '../../scripts/contract/record-fields.ts';
import { plainText, readDeclaration, standardPaths } from '../../scripts/contract/standard-operations.ts';

type PathItem = Record<string, { operationId?: string; description?: string; parameters?: unknown[] }>;
type Root = { paths: Record<string, { $ref?: string }>; components: { schemas: Record<string, { $ref?: string }> } };

const root = parse(readFileSync(join(contractFolder, '../openapi.yaml'), 'utf8')) as Root;
const pointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

describe('the standard operations of the contract', () => {
  it('openapi/generated/ is what scripts/contract/generate.ts writes from the declarations', () => {
    expect(staleStandardFiles(), 'run npm run generate and commit openapi/generated/').toEqual([]);
  });

  it('openapi.yaml lists every generated path and list envelope, so none is left out of the contract', () => {
    const missing: string[] = [];
    for (const [file, text] of renderStandardFiles()) {
      const generated = parse(text) as {
        paths?: Record<string, unknown>;
        components?: { schemas: Record<string, unknown> };
      };
      for (const path of Object.keys(generated.paths ?? {})) {
        const wanted = `./openapi/generated/${file}#/paths/${pointer(path)}`;
        if (root.paths[path]?.$ref !== wanted) missing.push(`paths ${path}: $ref: '${wanted}'`);
      }
      for (const schema of Object.keys(generated.components?.schemas ?? {})) {
        const wanted = `./openapi/generated/${file}#/components/schemas/${schema}`;
        if (root.components.schemas[schema]?.$ref !== wanted) missing.push(`schemas ${schema}: $ref: '${wanted}'`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('no resource file writes out by hand an operation that its declaration would generate the same', () => {
    const writtenOut: string[] = [];
    for (const [file, path] of contractFiles()) {
      const source = parse(readFileSync(join(contractFolder, path), 'utf8')) as {
        'x-standard-operations'?: unknown;
        paths?: Record<string, PathItem>;
      };
      if (source['x-standard-operations'] === undefined) continue;
      const declaration = readDeclaration(path, source['x-standard-operations']);
      const everything = standardPaths(file.replace(/\.yaml$/, ''), {
        ...declaration,
        operations: undefined,
        'csv-import': true,
      }) as Record<string, PathItem>;
      for (const [route, item] of Object.entries(source.paths ?? {})) {
        for (const [method, operation] of Object.entries(item)) {
          if (JSON.stringify(operation) === JSON.stringify(everything[route]?.[method])) {
            writtenOut.push(`${path}: ${method} ${route}`);
          }
        }
      }
    }
    expect(writtenOut, 'leave them to the declaration').toEqual([]);
  });

  it('no resource file without a declaration writes out operations that one would generate', () => {
    expect(foldableFiles(), 'run npx tsx scripts/contract/fold.ts, then npm run generate').toEqual([]);
  });

  it('a declaration of only a schema gives the nine operations, named and permitted by the resource', () => {
    const paths = standardPaths('frame-shapes', { schema: 'FrameShape' }) as Record<string, PathItem>;
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]) => `${method} ${path} ${operation.operationId}: ${operation.description}`),
    );
    expect(operations).toEqual([
      'get /api/frame-shapes listFrameShapes: Needs view-frame-shapes.',
      'post /api/frame-shapes createFrameShape: Needs create-frame-shapes.',
      'get /api/frame-shapes/search searchFrameShapes: Needs view-frame-shapes. Answers a bare array, newest first.',
      'get /api/frame-shapes/{id} getFrameShape: Needs view-frame-shapes.',
      'patch /api/frame-shapes/{id} updateFrameShape: Needs update-frame-shapes.',
      'delete /api/frame-shapes/{id} deleteFrameShape: Needs delete-frame-shapes.',
      'patch /api/frame-shapes/{id}/restore restoreFrameShape: Needs restore-frame-shapes.',
      'delete /api/frame-shapes/{id}/force-delete forceDeleteFrameShape: Needs force-delete-frame-shapes. ' +
        'Refused (409) while the record is active or other records refer to it.',
      'get /api/frame-shapes/{id}/history getFrameShapeHistory: Needs view-frame-shapes. ' +
        'Who did what and when to the frame shape, newest first.',
    ]);
  });

  it('the short forms of a filter expand to the parameters they stand for', () => {
    const paths = standardPaths('bills', {
      schema: 'Bill',
      operations: ['list'],
      'list-filters': ['contact_id', 'HasBalance', { bill_date: 'date' }, { status: ['unpaid', 'paid'] }],
    }) as Record<string, PathItem>;
    expect(paths['/api/bills']?.get?.parameters?.slice(6)).toEqual([
      {
        name: 'contact_id',
        in: 'query',
        schema: { $ref: '../../openapi.yaml#/components/schemas/Id' },
        description: 'Only records whose contact id matches.',
      },
      { $ref: '../../openapi.yaml#/components/parameters/HasBalance' },
      {
        name: 'bill_date_from',
        in: 'query',
        schema: { type: 'string', format: 'date' },
        description: 'Only records whose bill date is on or after this day.',
      },
      {
        name: 'bill_date_to',
        in: 'query',
        schema: { type: 'string', format: 'date' },
        description: 'Only records whose bill date is on or before this day.',
      },
      {
        name: 'status',
        in: 'query',
        schema: { type: 'string', enum: ['unpaid', 'paid'] },
        description: 'Only records whose status matches.',
      },
    ]);
  });

  it('a misspelt key or operation is refused with the file, not dropped from the contract', () => {
    expect(() => readDeclaration('brands.yaml', { schema: 'Brand', operation: ['list'] })).toThrow(
      'openapi/brands.yaml: x-standard-operations has an unknown key operation',
    );
    expect(() => readDeclaration('brands.yaml', { schema: 'Brand', operations: ['list', 'destroy'] })).toThrow(
      'names an unknown operation destroy',
    );
  });

  it('a field written once under `fields` gives the record with its audit columns and both bodies', () => {
    const schemas = recordSchemas(
      'warranty-plans.yaml',
      { schema: 'WarrantyPlan', update: true },
      {
        name: { type: 'string', minLength: 1, maxLength: 255 },
        months: { type: 'integer', minimum: 1 },
        covers: {
          type: 'array',
          items: { $ref: '#/components/schemas/WarrantyCover' },
          'x-write': { uniqueItems: true },
        },
        serial: { type: 'string', maxLength: 50, 'x-writable-once': true },
        active: { type: 'boolean', 'x-write': { default: true } },
        confirmed: { type: 'boolean', 'x-write-only': true, 'x-required-on-create': false },
        cover_names: { type: 'array', items: { type: 'string' }, 'x-read-only': true },
      },
    );
    const record = schemas.WarrantyPlan as { required: string[]; properties: Record<string, unknown> };
    expect(record.required).toEqual([
      ...['id', 'created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by', 'business_id'],
      ...['name', 'months', 'covers', 'serial', 'active', 'cover_names'],
    ]);
    expect(record.properties.covers).toEqual({
      type: 'array',
      items: { $ref: '../warranty-plans.yaml#/components/schemas/WarrantyCover' },
    });
    expect(schemas.WarrantyPlanCreate).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'months', 'serial'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 255, pattern: plainText },
        months: { type: 'integer', minimum: 1 },
        covers: {
          type: 'array',
          items: { $ref: '../warranty-plans.yaml#/components/schemas/WarrantyCover' },
          uniqueItems: true,
        },
        serial: { type: 'string', maxLength: 50, pattern: plainText },
        active: { type: 'boolean', default: true },
        confirmed: { type: 'boolean' },
      },
    });
    const update = (schemas.WarrantyPlanUpdate as { properties: Record<string, unknown> }).properties;
    expect(Object.keys(update)).toEqual(['name', 'months', 'covers', 'active', 'confirmed']);
    expect(update.active).toEqual({ type: 'boolean' });
    expect(() =>
      recordSchemas('x.yaml', { schema: 'X', update: false }, { a: { type: 'string', 'x-readonly': true } }),
    ).toThrow('openapi/x.yaml: the field a has an unknown mark x-readonly');
  });

  it("a document's lines written once under `lines` give its line, its line input and the header's `lines`", () => {
    const id = { $ref: '../openapi.yaml#/components/schemas/Id' };
    const schemas = recordSchemas(
      'deposit-slips.yaml',
      { schema: 'DepositSlip', update: false },
      { deposit_date: { type: 'string', format: 'date' }, number: { type: 'string', 'x-read-only': true } },
      {
        fields: {
          description: { type: 'string', maxLength: 255 },
          account_id: { ...id, 'x-read-only': true },
          note: { type: ['string', 'null'], maxLength: 100 },
        },
      },
    );
    const root = '../../openapi.yaml#/components/schemas';
    expect(Object.keys(schemas)).toEqual([
      'DepositSlip',
      'DepositSlipCreate',
      'DepositSlipLine',
      'DepositSlipLineInput',
    ]);
    const record = schemas.DepositSlip as { required: string[]; properties: Record<string, unknown> };
    expect(record.required.slice(-3)).toEqual(['deposit_date', 'number', 'lines']);
    expect(record.properties.lines).toEqual({ type: 'array', items: { $ref: `${root}/DepositSlipLine` } });
    expect(schemas.DepositSlipCreate).toMatchObject({
      required: ['deposit_date', 'lines'],
      properties: {
        lines: { type: 'array', minItems: 1, maxItems: 200, items: { $ref: `${root}/DepositSlipLineInput` } },
      },
    });
    expect(schemas.DepositSlipLine).toMatchObject({
      required: ['id', 'description', 'account_id', 'note'],
      properties: { id: { $ref: `${root}/Id` }, account_id: { $ref: `${root}/Id` } },
    });
    expect(schemas.DepositSlipLineInput).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['description'],
      properties: {
        description: { type: 'string', maxLength: 255, pattern: plainText },
        note: { type: ['string', 'null'], maxLength: 100, pattern: plainText },
      },
    });
  });
});
