// Finds the items of a listing answer whatever its envelope: a bare array, an
// array under any name (`data`, `items`, `results`, `files`, ...), one level
// deeper (`data.items`, `_embedded.files`), or the one array of objects the
// body holds. Items wrapped as JSON:API resources or graph edges are read
// through their `attributes` or `node`.

/** Where a body keeps its items: the property names from the root (empty for a bare array). */
export type ItemsPath = readonly string[];

/** Names an envelope commonly gives its items, most common first: they break ties between several arrays. */
const ITEM_NAMES = [
  'data',
  'items',
  'results',
  'files',
  'entries',
  'records',
  'values',
  'content',
  'list',
  'rows',
  'hits',
  'elements',
  'resources',
  'objects',
  'nodes',
  'edges',
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How a path is named in reports: `(bare array)`, `data`, `data.items`. */
export function pathLabel(path: ItemsPath): string {
  return path.length === 0 ? '(bare array)' : path.join('.');
}

/** The value at a path, when it is an array. */
export function arrayAt(json: unknown, path: ItemsPath): unknown[] | undefined {
  let node: unknown = json;
  for (const name of path) node = isObject(node) ? node[name] : undefined;
  return Array.isArray(node) ? node : undefined;
}

interface Candidate {
  path: string[];
  items: unknown[];
}

/** Every array at depth one or two of an object body. */
function candidates(body: Json): Candidate[] {
  const found: Candidate[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) found.push({ path: [name], items: value });
    else if (isObject(value))
      for (const [inner, deeper] of Object.entries(value)) if (Array.isArray(deeper)) found.push({ path: [name, inner], items: deeper });
  }
  return found;
}

/** Fields that make an object look like a listed resource (a file, a trash entry, a bucket, ...). */
const ITEM_FIELDS = ['id', 'fileId', 'path', 'name', 'attributes', 'node'];

/** Ranks a candidate: arrays of objects first, then non-empty ones, then items shaped like resources, known names, the shallower. */
function rank(c: Candidate): number[] {
  const objects = c.items.length > 0 && c.items.every(isObject);
  const shaped = objects && c.items.every((item) => ITEM_FIELDS.some((field) => field in (item as Json)));
  const name = ITEM_NAMES.indexOf(c.path.at(-1)!.toLowerCase());
  return [objects ? 0 : c.items.length === 0 ? 1 : 2, shaped ? 0 : 1, name < 0 ? ITEM_NAMES.length : name, c.path.length];
}

const before = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
};

/**
 * The items of a listing body and where they were: at `known` when the body has an array there (the shape learned
 * for the operation), else found by shape. Undefined when the body holds no array at all.
 */
export function findItems(json: unknown, known?: ItemsPath): { path: ItemsPath; items: unknown[] } | undefined {
  if (Array.isArray(json)) return { path: [], items: json };
  if (!isObject(json)) return undefined;
  const learned = known && known.length > 0 ? arrayAt(json, known) : undefined;
  if (learned) return { path: known!, items: learned };
  let best: Candidate | undefined;
  for (const c of candidates(json)) if (!best || before(rank(c), rank(best))) best = c;
  // An array of plain values is items only under a name that says so (not `tags` of a single resource).
  if (!best || (rank(best)[0] === 2 && rank(best)[2] === ITEM_NAMES.length)) return undefined;
  // A body with an id of its own is a resource: an empty or plain array in it (its `tags`) lists nothing.
  if (rank(best)[0] > 0 && 'id' in json) return undefined;
  return { path: best.path, items: best.items };
}

/** An item as checks read it: a JSON:API resource's attributes beside its id, a graph edge's node, else the item. */
export function itemView(item: unknown): unknown {
  if (!isObject(item)) return item;
  if (isObject(item.attributes) && item.id !== undefined) return { id: item.id, ...item.attributes };
  if (isObject(item.node) && Object.keys(item).every((k) => k === 'node' || k === 'cursor')) return item.node;
  return item;
}

/** The items of a listing body, each read through `itemView`; an empty list when the body holds none. */
export function listedItems<T = Record<string, unknown>>(json: unknown, known?: ItemsPath): T[] {
  return (findItems(json, known)?.items ?? []).map(itemView) as T[];
}

/** The JSON text of a page's items, to tell one page from another; undefined for items too deep to write (a hostile body). */
export function itemsText(items: unknown[]): string | undefined {
  try {
    return JSON.stringify(items);
  } catch {
    return undefined;
  }
}
