// Redocly plugin: lint rules that keep the contract derivable — one registered
// scope per operation, shared error responses, examples, registered gap ids.
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

export default function contractPlugin() {
  return {
    id: 'bucketkit',
    rules: {
      oas3: {
        'operation-has-one-registered-scope': OperationHasOneRegisteredScope,
        'operation-has-shared-error-responses': OperationHasSharedErrorResponses,
        'response-has-example': ResponseHasExample,
        'assumption-is-registered': AssumptionIsRegistered,
      },
    },
  };
}
