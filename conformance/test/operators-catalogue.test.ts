// The operator catalogue over the real route table: every route gets the axes
// that apply to it, in counts derived from the contract (HEAD for every GET, id
// substitution in every path parameter, one mass-assignment variant per foreign
// field, first/second/last positions in every id list), and every variant is a
// well-formed request that names its route, axis, sender and rule.
import { describe, expect, it } from 'vitest';
import { CATALOGUE, operatorOf, operatorsFor } from '../operators/catalogue.ts';
import { bodyFieldsOf, foreignFieldsOf, loadContract, requiresNothing, serverSetFieldsOf } from '../operators/contract-fields.ts';
import { edgeValuesOf } from '../operators/edge-values.ts';
import { carriersOf } from '../operators/method-channel.ts';
import { variantsOf } from '../operators/plan-variants.ts';
import {
  AXES,
  MESSAGE_PARTS,
  PART_OF_AXIS,
  SENDERS,
  type Axis,
  type Sender,
  type Variant,
  routeHasSender,
} from '../operators/operator-types.ts';
import { ORACLE_RULES } from '../oracles/oracle-rules.ts';
import { inputFor, sampleSeen } from './operators-inputs.ts';

const contract = loadContract();
const seen = sampleSeen();
const variantsFor = (operationId: string, sender: Sender, axis: Axis): Variant[] => {
  const route = contract.routes.find((r) => r.operationId === operationId)!;
  return variantsOf(inputFor(contract, seen, route, sender)).get(axis) ?? [];
};
const every = contract.routes.flatMap((route) =>
  SENDERS.map((sender) => ({ route, sender, byAxis: variantsOf(inputFor(contract, seen, route, sender)) })),
);

describe('the catalogue', () => {
  it('has one operator per axis, naming only rules the oracles judge', () => {
    expect(CATALOGUE.map((o) => o.axis)).toEqual([...AXES]);
    const slugs = ORACLE_RULES.map((r) => r.slug);
    for (const operator of CATALOGUE) {
      expect(operator.about).toMatch(/\.$/);
      for (const rule of operator.rules) expect(slugs).toContain(rule);
    }
  });

  it('covers every part of the request with an axis that makes variants on the route table', () => {
    const making = new Set(every.flatMap(({ byAxis }) => [...byAxis].filter(([, list]) => list.length > 0).map(([axis]) => axis)));
    for (const part of MESSAGE_PARTS)
      expect(
        AXES.filter((axis) => PART_OF_AXIS[axis] === part && making.has(axis)),
        part,
      ).not.toEqual([]);
  });

  it('prints the variant count per axis and sender on the full route table', () => {
    const table: Record<string, Record<string, number>> = {};
    for (const { sender, byAxis } of every)
      for (const [axis, list] of byAxis) (table[axis] ??= {})[sender] = (table[axis][sender] ?? 0) + list.length;
    console.table(table);
    for (const axis of AXES)
      expect(
        Object.values(table[axis] ?? {}).reduce((n, c) => n + c, 0),
        axis,
      ).toBeGreaterThan(0);
  });
});

describe('every route gets the axes that apply, in derived counts', () => {
  it('every GET gets exactly one HEAD per sender that may send it, and no other route any', () => {
    for (const { route, sender, byAxis } of every) {
      const expected = route.method === 'GET' && routeHasSender(route, sender) ? 1 : 0;
      expect(byAxis.get('head')?.length ?? 0, `${route.operationId} ${sender}`).toBe(expected);
    }
  });

  it('every path parameter of every bucket route gets an id from the other bucket, or (the workspace) a parent it does not belong to', () => {
    for (const route of contract.routes.filter((r) => r.bucketScoped)) {
      const names = variantsFor(route.operationId, 'barred', 'id-substitution').map((v) => v.name);
      for (const p of route.pathParams.filter((x) => x.name !== 'workspaceId'))
        expect(
          names.some((n) => n.startsWith(`{${p.name}} swapped`)),
          `${route.operationId} {${p.name}}`,
        ).toBe(true);
      const nested = variantsFor(route.operationId, 'holder', 'hierarchy');
      expect(
        nested.map((v) => [v.name, v.rule, v.essential]),
        route.operationId,
      ).toEqual([
        ...(route.agentForbidden ? [] : [['the allowed bucket named under another workspace', 'workspace-hierarchy', true]]),
        ...(route.pathTemplate.includes('{fileId}') ? [["the other bucket's file under the allowed bucket", 'file-hierarchy', true]] : []),
      ]);
      const [underWorkspace, underBucket] = [
        `/workspaces/${seen.otherWorkspaceId}/buckets/${seen.allowed.bucketId}`,
        `/buckets/${seen.allowed.bucketId}/files/${seen.other.fileIds[0]}`,
      ];
      for (const v of nested) expect(v.request.path, v.name).toContain(v.rule === 'workspace-hierarchy' ? underWorkspace : underBucket);
    }
  });

  it('every GET of a bucket is read, every page, by a key barred from the other bucket, whatever the budget', () => {
    for (const route of contract.routes) {
      const listings = variantsFor(route.operationId, 'barred', 'barred-listing');
      expect(listings.length, route.operationId).toBe(route.method === 'GET' && route.bucketScoped ? 1 : 0);
      for (const v of listings)
        expect(v).toMatchObject({ pages: true, essential: true, rule: 'bucket-limits', conforming: 'refusal-or-canonical' });
    }
  });

  it('every id list a request body declares gets the other bucket id first, second and last', () => {
    const lists = contract.routes.flatMap((route) =>
      bodyFieldsOf(contract, route)
        .filter((f) => f.shape === 'ids')
        .map((f) => ({ route, at: f.pointer.join('.') })),
    );
    expect(lists.map((l) => `${l.route.operationId}.${l.at}`).sort()).toEqual(
      ['moveFiles.fileIds', 'runBucketAgent.fileIds', 'trashFiles.fileIds', 'updateTrash.purge', 'updateTrash.restore'].sort(),
    );
    for (const { route, at } of lists) {
      const names = variantsFor(route.operationId, 'barred', 'id-substitution').map((v) => v.name);
      expect(names, `${route.operationId}.${at}`).toContain(`${at}: an id of the other bucket first`);
      expect(names, `${route.operationId}.${at}`).toContain(`${at}: an id of the other bucket last (entry 3)`);
      const hasList = Array.isArray(route.requestBody?.example && (route.requestBody.example as Record<string, unknown>)[at]);
      if (hasList) expect(names, `${route.operationId}.${at}`).toContain(`${at}: an id of the other bucket second`);
    }
  });

  it('every writing route gets one mass-assignment variant per foreign field beside its body, and one alone where the body requires nothing', () => {
    for (const route of contract.routes.filter((r) => r.mutates && r.requestBody)) {
      const names = variantsFor(route.operationId, 'barred', 'mass-assignment-single').map((v) => v.name);
      const fields = foreignFieldsOf(contract, route).map(([name]) => name);
      expect(names.filter((n) => n.endsWith('beside the valid body')).length, route.operationId).toBe(fields.length);
      expect(names.filter((n) => n.endsWith('alone as the body')).length, route.operationId).toBe(
        requiresNothing(contract, route) ? fields.length : 0,
      );
      // The record's own read-only fields are among them wherever the request does not take them.
      for (const field of ['id', 'bucketId', 'workspaceId', 'createdAt']) expect(fields, route.operationId).toContain(field);
    }
    expect(
      foreignFieldsOf(
        contract,
        contract.routes.find((r) => r.operationId === 'updateFile')!,
      ).map(([n]) => n),
    ).toEqual(expect.arrayContaining(['path', 'size', 'status', 'name', 'sha256']));
  });

  it("reads the fields only a server sets on a record from the contract: a file's, not its tags, description or nullable hash", () => {
    const listFiles = contract.routes.find((r) => r.operationId === 'listFiles')!;
    expect(serverSetFieldsOf(contract, listFiles).map(([name]) => name)).toEqual([
      'id',
      'workspaceId',
      'bucketId',
      'path',
      'name',
      'size',
      'contentType',
      'status',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('every numeric and enum query parameter gets each of its edge values', () => {
    for (const route of contract.routes) {
      const sent = variantsFor(route.operationId, 'holder', 'edge-values').map((v) => v.request.query ?? {});
      for (const p of route.queryParams) {
        for (const [value] of edgeValuesOf(p))
          expect(
            sent.some((q) => q[p.name] === value),
            `${route.operationId} ?${p.name}=${value}`,
          ).toBe(true);
      }
    }
    expect(
      edgeValuesOf(contract.routes.find((r) => r.operationId === 'listFiles')!.queryParams.find((p) => p.name === 'limit')!).map(
        ([v]) => v,
      ),
    ).toEqual(expect.arrayContaining(['1', '0', '1000', '1001', '-1', '', 'abc']));
  });

  it('every literal segment gets an upper-case spelling, every route the dot-segment, matrix and slash spellings', () => {
    for (const route of contract.routes) {
      const names = variantsFor(route.operationId, 'lacking', 'path-spelling').map((v) => v.name);
      for (const s of route.pathTemplate.split('/').filter((x) => x && !x.startsWith('{')))
        expect(names).toContain(`literal segment '${s}' as '${s.toUpperCase()}'`);
      expect(names.filter((n) => /'\.'|x\/\.\.|%2e|\.%2E/i.test(n)).length, route.operationId).toBe(5);
      expect(names.some((n) => n.startsWith('a matrix parameter'))).toBe(true);
    }
  });

  it('every writing route gets every override channel on each carrier, and every body every content type', () => {
    for (const route of contract.routes.filter((r) => r.mutates)) {
      expect(variantsFor(route.operationId, 'none', 'method-channel').length, route.operationId).toBe(
        6 * carriersOf(route, contract.routes).length,
      );
      expect(variantsFor(route.operationId, 'lacking', 'write-content-type').length, route.operationId).toBe(route.requestBody ? 6 : 0);
    }
  });

  it('a key lacking the scope, a barred key and a key that may get the forms of their own credential', () => {
    const names = variantsFor('listWorkspaces', 'holder', 'credential-form');
    expect(names.filter((v) => v.rule === 'auth').map((v) => v.name)).toContain('the key upper-cased');
    expect(names.filter((v) => v.rule === 'robustness').map((v) => v.name)).toContain('the key after a tab');
    expect(variantsFor('listWorkspaces', 'none', 'credential-channel').length).toBe(2 * seen.credentials.length);
    // The key lacking the scope in every form, whatever the budget: its spellings and the key beside a keyless
    // line are it (scope), other schemes carry no valid key (auth).
    const lacking = variantsFor('listFiles', 'lacking', 'credential-form');
    expect(lacking.every((v) => v.essential)).toBe(true);
    expect(lacking.filter((v) => v.rule === 'auth').map((v) => v.name)).toEqual([
      'the key in Basic, as "<key>:"',
      'the key under the Token scheme',
      'the key in a Digest header',
    ]);
    expect(lacking.filter((v) => v.rule === 'scope').length).toBe(7);
  });

  it('malformed Authorization headers go without a key (auth) and from the key that may (robustness), whatever the budget', () => {
    for (const route of contract.routes) {
      const none = variantsFor(route.operationId, 'none', 'credential-form');
      const holder = variantsFor(route.operationId, 'holder', 'credential-form').filter((v) => v.essential);
      expect(none.map((v) => v.name)).toEqual(holder.map((v) => v.name));
      expect(none.map((v) => [v.rule, v.conforming, v.essential])).toEqual(none.map(() => ['auth', 'refusal', true]));
      expect(holder.map((v) => [v.rule, v.conforming])).toEqual(holder.map(() => ['robustness', 'no-5xx']));
      expect(none.length).toBe(4);
    }
  });
});

describe('each variant is a well-formed request', () => {
  const all = every.flatMap(({ byAxis }) => [...byAxis.values()].flat());
  const dotSegment = /(^|\/)(\.|%2e){1,2}(\/|$|\?)/i;

  it('names its route, axis and name in its intent, and a sender and rule its operator declares', () => {
    for (const { route, sender, byAxis } of every) {
      for (const [axis, list] of byAxis) {
        const operator = operatorOf(axis);
        expect(operatorsFor(route, sender, contract)).toContain(operator);
        for (const v of list) {
          expect(v.request.intent).toMatchObject({ operationId: route.operationId, variant: v.name, axis });
          expect(v.sender).toBe(sender);
          expect(operator.rules).toContain(v.rule);
          if (sender === 'holder' && v.rule === 'robustness') expect(v.conforming).toBe('no-5xx');
        }
      }
    }
  });

  it('keeps its path under the base (a presigned URL as the deployment gave it), raw only where it holds dot segments', () => {
    const presigned = [seen.allowed, seen.other].flatMap((b) => b.presigned.map((p) => new URL(p.url).origin));
    for (const v of all) {
      const path = v.request.path;
      if (/^https?:/.test(path)) {
        expect(presigned).toContain(new URL(path).origin);
        continue;
      }
      // Resolved as a lenient server would (dot segments, case, encodings, matrix parameters), the path stays under the base.
      const kept: string[] = [];
      for (const s of path.split('?')[0].split('/').filter(Boolean)) {
        if (/^(\.|%2e){2}$/i.test(s)) expect(kept.pop(), path).toBeDefined();
        else if (!/^(\.|%2e)$/i.test(s)) kept.push(s);
      }
      // A rewrite's request line is a path no route answers, or the route's last segment (its header names the rest).
      if (v.axis !== 'target-rewrite')
        expect(decodeURIComponent(decodeURIComponent(kept[0].split(';')[0])).toLowerCase(), path).toMatch(/^workspaces/);
      // Raw where a URL parser would change the target: dot segments, and every request-target spelling (a suffix, a backslash, `#`, another form).
      expect(v.rawPath === true, `${v.name}: ${path}`).toBe(dotSegment.test(path.split('?')[0]) || v.axis === 'request-target');
    }
  });

  it('sends header values a client can send: Latin-1, no line breaks or NUL', () => {
    for (const v of all) {
      const auth = v.request.auth && 'header' in v.request.auth ? [v.request.auth.header].flat() : [];
      for (const value of [...Object.values(v.request.headers ?? {}).flat(), ...auth, v.request.contentType ?? '']) {
        expect(/^[\t\x20-\x7e\x80-\xff]*$/.test(value), `${v.name}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });
});
