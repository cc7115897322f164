// Planted faults of how a JSON body is read: an access check that reads
// another text than the handler does. The check reads the first copy of a
// repeated field while the handler reads the last; the check reads the raw
// text's field names while the parser decodes \u escapes in them; the binder
// folds a field's name (`bucket_id`, `BucketId`, `bucket.id`, a nested
// `bucket.id`) into `bucketId` that no check looks at. Each lets a key act on
// a bucket outside its bucketIds.
import type { MockComponents } from '../core/components.ts';
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockRequest } from '../core/types.ts';
import type { FileRecord } from '../world/world-types.ts';
import { patchSteps, wrapEveryHandler, type FaultDefinition } from './plant.ts';
import { actingIn } from './body-field-faults.ts';

const text = (request: MockRequest) => (request.body ? new TextDecoder().decode(request.body) : '');

/** A JSON text read with the first copy of a repeated member kept (the text is JSON: JSON.parse took it). */
export function parseFirstWins(source: string): unknown {
  let i = 0;
  const space = () => {
    while (/\s/.test(source[i] ?? '')) i++;
  };
  const string = (): string => {
    const m = /^"(?:[^"\\]|\\.)*"/.exec(source.slice(i))!;
    i += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const value = (): unknown => {
    space();
    if (source[i] === '{') {
      i++;
      const node: Record<string, unknown> = {};
      space();
      if (source[i] === '}') return (i++, node);
      for (;;) {
        space();
        const name = string();
        space();
        i++;
        const v = value();
        if (!Object.hasOwn(node, name)) Object.defineProperty(node, name, { value: v, enumerable: true, writable: true });
        space();
        if (source[i++] === '}') return node;
      }
    }
    if (source[i] === '[') {
      i++;
      const list: unknown[] = [];
      space();
      if (source[i] === ']') return (i++, list);
      for (;;) {
        list.push(value());
        space();
        if (source[i++] === ']') return list;
      }
    }
    if (source[i] === '"') return string();
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(source.slice(i))!;
    i += m[0].length;
    return JSON.parse(m[0]);
  };
  return value();
}

/** Every string in a JSON value. */
const stringsOf = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : node !== null && typeof node === 'object' ? Object.values(node).flatMap(stringsOf) : [];

/** The ready file of the route's workspace with this id, whatever its bucket. */
export const workspaceFile = (ctx: HandlerContext, id: string): FileRecord | undefined => {
  const file = ctx.store.filesById.get(id);
  const bucket = file ? ctx.store.buckets.get(file.bucketId) : undefined;
  return file?.status === 'ready' && bucket?.bucket.workspaceId === ctx.workspace.id ? file : undefined;
};

/** The context whose check passed over these ids: looked up, and reached, in any bucket of the workspace. */
export const unchecked = <C extends HandlerContext>(ctx: C, ids: ReadonlySet<string>): C =>
  ids.size === 0
    ? ctx
    : {
        ...ctx,
        lookupFile: (id) => ctx.lookupFile(id) ?? (ids.has(id) ? workspaceFile(ctx, id) : undefined),
        reaches: (id) => ids.has(id) || ctx.reaches(id),
      };

/** The handler given, per body the body step read, the ids its check passed over. */
function withUnchecked(c: MockComponents, passedOver: (request: MockRequest, value: unknown) => Set<string>): MockComponents {
  const marked = new WeakMap<object, Set<string>>();
  const planted = patchSteps(c, (s) => ({
    readBody(route, request) {
      const read = s.readBody(route, request);
      if (!('refusal' in read) && read.value !== null && typeof read.value === 'object')
        marked.set(read.value, passedOver(request, read.value));
      return read;
    },
  }));
  return wrapEveryHandler(planted, (inner) => (ctx) => {
    const ids = ctx.body !== null && typeof ctx.body === 'object' ? marked.get(ctx.body) : undefined;
    return inner(ids ? unchecked(ctx, ids) : ctx);
  });
}

/** The strings the handler's (last-copy) parse holds that the check's (first-copy) parse does not. */
function lastCopies(request: MockRequest, value: unknown): Set<string> {
  const source = text(request);
  const checked = new Set(stringsOf(parseFirstWins(source.replace(/^\ufeff/, ''))));
  return new Set(stringsOf(value).filter((s) => !checked.has(s)));
}

/** A member name written with an escape: `"bucket\u0049d":`. */
const ESCAPED_NAME = /"((?:[^"\\]|\\.)*\\u[0-9a-fA-F]{4}(?:[^"\\]|\\.)*)"\s*:/g;

/** The names the raw text spells with escapes, decoded. */
const escapedNames = (source: string): Set<string> =>
  new Set([...source.matchAll(ESCAPED_NAME)].map((m) => JSON.parse(`"${m[1]}"`) as string));

/**
 * A body read past its check by the names in it: `names` picks the top-level names the check did not see
 * (a foreign field refused by the schema is dropped and its `bucketId`, if named so, lifted), and the strings under
 * the others it did not see are passed over.
 */
function namesPastCheck(
  c: MockComponents,
  unseen: (name: string, source: string) => boolean,
  foldsToBucket: (name: string) => boolean,
): MockComponents {
  const lifted = new WeakMap<object, { bucketId?: unknown; ids: Set<string> }>();
  const planted = patchSteps(c, (s) => ({
    readBody(route, request) {
      const read = s.readBody(route, request);
      if (!request.body) return read;
      const source = text(request);
      let body: unknown;
      try {
        body = JSON.parse(source);
      } catch {
        return read;
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return read;
      const names = Object.keys(body).filter((name) => unseen(name, source));
      if (names.length === 0) return read;
      const entries = Object.entries(body as Record<string, unknown>);
      const bucketName = names.find(foldsToBucket);
      let again = read;
      if ('refusal' in read && read.problem === 'schema') {
        const rest = Object.fromEntries(
          entries.filter(([name]) => !(names.includes(name) && (name === bucketName || foldsToBucket(name)))),
        );
        again = s.readBody(route, { ...request, body: new TextEncoder().encode(JSON.stringify(rest)) });
      }
      if ('refusal' in again || again.value === null || typeof again.value !== 'object') return read;
      const raw = bucketName === undefined ? undefined : (body as Record<string, unknown>)[bucketName];
      const bucketId = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : raw;
      const ids = new Set(names.filter((n) => n !== bucketName).flatMap((n) => stringsOf((body as Record<string, unknown>)[n])));
      lifted.set(again.value, { bucketId, ids });
      return again;
    },
  }));
  return wrapEveryHandler(planted, (inner) => (ctx) => {
    const past = ctx.body !== null && typeof ctx.body === 'object' ? lifted.get(ctx.body) : undefined;
    if (!past) return inner(ctx);
    return inner(unchecked(past.bucketId === undefined ? ctx : actingIn(ctx, past.bucketId), past.ids));
  });
}

/** A name folded as a case-blind binder with snake, kebab and dotted mapping reads it (`bucket_id` → `bucketid`). */
const folded = (name: string) => name.toLowerCase().replace(/[_\-.]/g, '');

export const BODY_PARSE_FAULTS = [
  {
    name: 'duplicate-key-last-wins',
    description:
      'A field repeated in a JSON body is checked at its first copy and acted on at its last: {"fileId":"<own>","fileId":"<other bucket\'s>"} reaches the other bucket\'s file, whatever the key\'s bucketIds.',
    plant: (c) => withUnchecked(c, lastCopies),
  },
  {
    name: 'escaped-field-name-unchecked',
    description:
      'The check reads the field names of the raw JSON text, the parser decodes \\u escapes in them: "bucket\\u0049d" names the bucket to act in and "fileI\\u0064s" files of any bucket of the workspace, whatever the key\'s bucketIds.',
    plant: (c) =>
      namesPastCheck(
        c,
        (name, source) => escapedNames(source).has(name),
        (name) => name === 'bucketId',
      ),
  },
  {
    name: 'snake-case-bucket-id-honoured',
    description:
      'A write\'s body binder folds field names (bucket_id, BucketId, bucketID, bucket-id, bucket.id, a nested {"bucket":{"id":...}}) into bucketId and acts in that bucket of the workspace; the check reads only bucketId.',
    plant: (c) =>
      namesPastCheck(
        c,
        (name) => name !== 'bucketId' && (folded(name) === 'bucketid' || name === 'bucket'),
        () => true,
      ),
  },
] as const satisfies readonly FaultDefinition[];
