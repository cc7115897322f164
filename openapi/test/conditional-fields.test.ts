// The validator and the spec's conditional fields (G32): a discriminated union
// checks only the branch its tag names, so errors name that branch's field and
// say when it is needed; an unknown or missing tag names the tag; the Problem
// schema's if/then holds responses to the fields one code needs.
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { loadRouteTable, loadSchemaValidator } from '../contract/load-spec.ts';
import { withAjvDiscriminators } from '../contract/discriminators.ts';
import { toFieldErrors } from '../contract/field-errors.ts';
import type { operations } from '../dist/api-types.ts';

const routes = loadRouteTable();
const validator = loadSchemaValidator();
const route = (id: string) => routes.find((r) => r.operationId === id)!;
const automation = (trigger: unknown, action: unknown = { type: 'summarize' }) =>
  validator.validateRequestBody(route('createAutomation'), { name: 'n', trigger, action });

describe('conditional fields in request bodies', () => {
  it('names the field a branch needs and when', () => {
    expect(automation({ event: 'schedule' })).toEqual([
      { location: 'body', field: '/trigger/cron', message: 'is required when event is schedule' },
    ]);
    expect(automation({ event: 'file.uploaded' }, { type: 'move' })).toEqual([
      { location: 'body', field: '/action/destination', message: 'is required when type is move' },
    ]);
    expect(validator.validateRequestBody(route('createSuggestion'), { fileId: 'f1', kind: 'set_description' })).toEqual([
      { location: 'body', field: '/proposal', message: 'is required when kind is set_description' },
    ]);
  });

  it('names the tag when it is missing, not a string, or not one of the branches', () => {
    expect(automation({ prefix: 'a/' })).toEqual([{ location: 'body', field: '/trigger/event', message: 'is required' }]);
    expect(automation({ event: 7 })).toEqual([{ location: 'body', field: '/trigger/event', message: 'must be a string' }]);
    expect(automation({ event: 'file.deleted' })).toEqual([
      { location: 'body', field: '/trigger/event', message: 'must be one of: file.uploaded, file.tagged, schedule' },
    ]);
    expect(automation('schedule')).toEqual([{ location: 'body', field: '/trigger', message: 'must be object' }]);
  });

  it("refuses a field of another branch and names only the chosen branch's problems", () => {
    expect(automation({ event: 'file.uploaded', cron: '0 2 * * *' })).toEqual([
      { location: 'body', field: '/trigger/cron', message: 'is not a known field' },
    ]);
    const wrongProposal = { fileId: 'f1', kind: 'add_tags', proposal: { description: 'x' } };
    expect(validator.validateRequestBody(route('createSuggestion'), wrongProposal)).toEqual([
      { location: 'body', field: '/proposal/tags', message: 'is required' },
      { location: 'body', field: '/proposal/description', message: 'is not a known field' },
    ]);
  });

  it('gives Ajv a copy without mapping (which it refuses) and refuses a mapping to no component', () => {
    const components = {
      schemas: {
        U: { oneOf: [{ $ref: '#/components/schemas/A' }], discriminator: { propertyName: 't', mapping: { a: '#/components/schemas/A' } } },
        A: { type: 'object', required: ['t'], properties: { t: { const: 'a' } } },
      },
    };
    const copy = withAjvDiscriminators(components) as any;
    expect(copy.schemas.U.discriminator.mapping).toBeUndefined();
    expect(components.schemas.U.discriminator.mapping).toEqual({ a: '#/components/schemas/A' });
    const broken = { schemas: { U: { ...components.schemas.U, discriminator: { propertyName: 't', mapping: { a: '#/nowhere' } } } } };
    expect(() => withAjvDiscriminators(broken)).toThrow('#/nowhere');
  });

  it('drops the if keyword, which names no field, from the errors', () => {
    const errors = [
      { keyword: 'required', instancePath: '', schemaPath: '#/then/required', params: { missingProperty: 'requiredScope' } },
      { keyword: 'if', instancePath: '', schemaPath: '#/if', params: { failingKeyword: 'then' }, message: 'must match "then" schema' },
    ] as ErrorObject[];
    expect(toFieldErrors('body', errors)).toEqual([{ location: 'body', field: '/requiredScope', message: 'is required' }]);
  });
});

describe('the semantic flag', () => {
  it.each([1, '1'] as const)('typed as %j, it is sent as 1 and accepted', (semantic) => {
    const query: NonNullable<operations['listFiles']['parameters']['query']> = { search: 'q3', semantic };
    const sent = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const checked = validator.validateParams(route('listFiles'), { workspaceId: 'ws_1', bucketId: 'bkt_1' }, sent);
    expect(checked.errors).toEqual([]);
    expect(checked.values.semantic).toBe('1');
  });
});

describe('fields one problem code needs (if/then on responses)', () => {
  const problem = { type: 'urn:x', title: 't', status: 403, detail: 'd' };
  it('requires requiredScope with insufficient_scope and errors with validation_failed', () => {
    expect(validator.validateRef('#/components/schemas/Problem', { ...problem, code: 'insufficient_scope' })).toEqual([
      { location: 'body', field: '/requiredScope', message: 'is required' },
    ]);
    expect(validator.validateRef('#/components/schemas/Problem', { ...problem, code: 'validation_failed' })).toEqual([
      { location: 'body', field: '/errors', message: 'is required' },
    ]);
    expect(validator.validateRef('#/components/schemas/Problem', { ...problem, code: 'not_found' })).toEqual([]);
    expect(
      validator.validateRef('#/components/schemas/Problem', { ...problem, code: 'insufficient_scope', requiredScope: 'files:read' }),
    ).toEqual([]);
  });
});
