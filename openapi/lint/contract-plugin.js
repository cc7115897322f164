// Redocly plugin: lint rules that keep the contract derivable and safe — one
// registered scope per operation, shared error responses, examples, registered
// gap ids, bounded request arrays and 64-bit byte counts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Gap ids (G01, G02, ...) that head a row of openapi/GAPS.md. */
function registeredGaps() {
  const text = fs.readFileSync(path.join(here, '..', 'GAPS.md'), 'utf8');
  return new Set([...text.matchAll(/^\|\s*(G\d{2})\s*\|/gm)].map((m) => m[1]));
}

function OperationHasOneRegisteredScope() {
  let seed = new Set();
  let assumed = {};
  return {
    Root: {
      enter(root) {
        const scheme = root.components?.securitySchemes?.apiKey ?? {};
        seed = new Set(scheme['x-seed-scopes'] ?? []);
        assumed = scheme['x-assumed-scopes'] ?? {};
      },
    },
    Operation: {
      enter(operation, ctx) {
        const sec = operation.security;
        const scopes = Array.isArray(sec) && sec.length === 1 ? sec[0].apiKey : undefined;
        if (!Array.isArray(scopes) || scopes.length !== 1 || Object.keys(sec[0]).length !== 1) {
          ctx.report({
            message: 'Each operation needs `security: [{ apiKey: [<one scope>] }]`.',
            location: ctx.location.child('security'),
          });
          return;
        }
        const [scope] = scopes;
        if (!seed.has(scope) && !(scope in assumed)) {
          ctx.report({
            message: `Scope "${scope}" is neither a seed scope nor a registered assumed one (x-assumed-scopes).`,
            location: ctx.location.child('security'),
          });
        } else if (scope in assumed && !operation['x-scope-assumed']) {
          ctx.report({
            message: `Scope "${scope}" is assumed: mark the operation with x-scope-assumed: <gap id>.`,
            location: ctx.location.child('security'),
          });
        }
      },
    },
  };
}

function OperationHasSharedErrorResponses() {
  return {
    Operation: {
      enter(operation, ctx) {
        for (const status of ['400', '401', '403', '404', '429']) {
          const response = operation.responses?.[status];
          if (!response) ctx.report({ message: `Missing the shared ${status} response.`, location: ctx.location.child('responses') });
        }
      },
    },
  };
}

function ResponseHasExample() {
  return {
    MediaType: {
      enter(media, ctx) {
        if (media.example === undefined && media.examples === undefined) {
          ctx.report({ message: 'Every response and request body needs an example.', location: ctx.location });
        }
      },
    },
  };
}

function AssumptionIsRegistered() {
  const gaps = registeredGaps();
  const check = (value, ctx, key) => {
    if (value === undefined) return;
    if (typeof value !== 'string' || !gaps.has(value)) {
      ctx.report({ message: `${key}: "${value}" is not a gap id of openapi/GAPS.md.`, location: ctx.location.child(key) });
    }
  };
  return {
    any: {
      enter(node, ctx) {
        if (!node || typeof node !== 'object' || Array.isArray(node)) return;
        check(node['x-assumed'], ctx, 'x-assumed');
        check(node['x-scope-assumed'], ctx, 'x-scope-assumed');
        for (const gap of Object.values(node['x-assumed-scopes'] ?? {})) check(gap, ctx, 'x-assumed-scopes');
      },
    },
  };
}

// A request array without maxItems lets one request carry a million items (and Ajv's uniqueItems compares every pair).
function RequestArrayIsBounded() {
  return {
    Operation: {
      enter(operation, ctx) {
        const seen = new Set();
        const visit = (raw, location) => {
          // A $ref is relative to the file holding it, so resolve from there.
          const { node, location: at } = raw && raw.$ref ? ctx.resolve(raw, location.source.absoluteRef) : { node: raw, location };
          if (!node || typeof node !== 'object' || seen.has(node)) return;
          seen.add(node);
          const types = Array.isArray(node.type) ? node.type : [node.type];
          if (types.includes('array') && typeof node.maxItems !== 'number') {
            ctx.report({ message: 'An array in a request body needs maxItems (G15).', location: at ?? location });
          }
          const loc = at ?? location;
          for (const [name, child] of Object.entries(node.properties ?? {})) visit(child, loc.child(['properties', name]));
          for (const key of ['items', 'additionalProperties']) if (typeof node[key] === 'object') visit(node[key], loc.child(key));
          for (const key of ['allOf', 'anyOf', 'oneOf']) (node[key] ?? []).forEach((child, i) => visit(child, loc.child([key, i])));
        };
        const body = operation.requestBody && ctx.resolve(operation.requestBody);
        for (const [type, media] of Object.entries(body?.node?.content ?? {})) {
          visit(media.schema, body.location.child(['content', type, 'schema']));
        }
      },
    },
  };
}

// Code generators map a bare integer to int32, which a 5 GiB size overflows.
const BYTE_COUNT = /^(size|totalSize|bytes[A-Z]\w*|\w+(Size|Bytes))$/;

function ByteCountIsInt64() {
  return {
    Schema: {
      enter(schema, ctx) {
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (!BYTE_COUNT.test(name) || property?.type !== 'integer' || property.format === 'int64') continue;
          ctx.report({ message: `Byte count "${name}" needs format: int64.`, location: ctx.location.child(['properties', name]) });
        }
      },
    },
  };
}

export default function contractPlugin() {
  return {
    id: 'bucketkit',
    rules: {
      oas3: {
        'operation-has-one-registered-scope': OperationHasOneRegisteredScope,
        'operation-has-shared-error-responses': OperationHasSharedErrorResponses,
        'response-has-example': ResponseHasExample,
        'assumption-is-registered': AssumptionIsRegistered,
        'request-array-is-bounded': RequestArrayIsBounded,
        'byte-count-is-int64': ByteCountIsInt64,
      },
    },
  };
}
