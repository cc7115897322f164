// The operators read routes and fields from the contract, not from a list: a
// route added to the spec (with its own id lists, path fields, numeric and enum
// query parameters and answer) gets its variants on every axis with no change
// to the catalogue.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { buildRouteTable } from '../../openapi/contract/route-table.ts';
import { variantsOf } from '../operators/plan-variants.ts';
import type { OperatorContract } from '../operators/operator-types.ts';
import { inputFor, sampleSeen } from './operators-inputs.ts';

const ref = (name: string) => ({ $ref: `#/components/${name}` });

/** The bundled spec with one more route: POST .../gadgets, whose body names gadgets, a shelf path and a bucket. */
function withGadgets(): OperatorContract {
  const doc = structuredClone(loadBundledSpec()) as OpenAPIV3_1.Document & { components: { schemas: Record<string, unknown> } };
  doc.components.schemas.GadgetRequest = {
    type: 'object',
    additionalProperties: false,
    required: ['gadgetIds'],
    properties: {
      gadgetIds: { type: 'array', items: ref('schemas/Id') },
      target: { type: 'object', properties: { shelfPath: { type: 'string' }, bucketId: ref('schemas/Id') } },
    },
  };
  doc.components.schemas.Gadget = {
    type: 'object',
    properties: { id: ref('schemas/Id'), bucketId: ref('schemas/Id'), wattage: { type: 'integer', minimum: 0 } },
  };
  doc.paths!['/workspaces/{workspaceId}/buckets/{bucketId}/gadgets'] = {
    post: {
      operationId: 'createGadget',
      security: [{ apiKey: ['gadgets:write'] }],
      parameters: [
        ref('parameters/WorkspaceId'),
        ref('parameters/BucketId'),
        { name: 'depth', in: 'query', schema: { type: 'integer', minimum: 2, maximum: 9 } },
        { name: 'mode', in: 'query', schema: { type: 'string', enum: ['fast', 'slow'] } },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: ref('schemas/GadgetRequest'), example: { gadgetIds: ['g1'], target: { shelfPath: 'top/' } } },
        },
      },
      responses: { '201': { description: 'Created', content: { 'application/json': { schema: ref('schemas/Gadget') } } } },
    },
  } as OpenAPIV3_1.PathItemObject;
  return { routes: buildRouteTable(doc), doc };
}

describe('a route added to the contract', () => {
  const contract = withGadgets();
  const route = contract.routes.find((r) => r.operationId === 'createGadget')!;
  const names = (sender: 'barred' | 'holder' | 'lacking', axis: Parameters<ReturnType<typeof variantsOf>['get']>[0]) =>
    (variantsOf(inputFor(contract, sampleSeen(), route, sender)).get(axis) ?? []).map((v) => v.name);

  it('gets id substitution in its own body fields: the id list in each position, the nested bucket id, the path field', () => {
    expect(names('barred', 'id-substitution')).toEqual(
      expect.arrayContaining([
        'gadgetIds: an id of the other bucket first',
        'gadgetIds: an id of the other bucket second',
        'target.bucketId from the other bucket',
        'target.shelfPath climbing into the other bucket with ../',
        "bucketId of the other bucket in the body, beside that bucket's ids",
      ]),
    );
  });

  it('gets edge values of its own numeric and enum query parameters', () => {
    expect(names('holder', 'edge-values')).toEqual(
      expect.arrayContaining([
        '?depth=2 (the minimum)',
        '?depth=1 (minimum - 1)',
        '?depth=10 (maximum + 1)',
        '?mode=slow (an enum value)',
        '?mode=bucketkit-unknown (no enum value)',
      ]),
    );
  });

  it("gets mass assignment of its answer's fields, path spellings of its segments and the writes' channels", () => {
    expect(names('barred', 'mass-assignment-single')).toEqual(
      expect.arrayContaining(["'wattage' beside the valid body", "'bucketId' beside the valid body"]),
    );
    expect(names('lacking', 'path-spelling')).toContain("literal segment 'gadgets' as 'GADGETS'");
    expect(names('lacking', 'write-content-type')).toHaveLength(6);
    expect(names('lacking', 'method-channel')).toContain('GET carrying POST in X-HTTP-Method-Override');
    expect(names('lacking', 'head')).toEqual([]);
  });
});
