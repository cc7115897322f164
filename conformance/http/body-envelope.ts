// Where the seed shows no bodies, a server may put `{"data": …}` around a
// single resource (JSON:API style), with siblings of its own (`meta`,
// `links`, `_links`, ...). No resource of the contract has an object under
// `data` (listings hold an array there), so such a body is read as the
// resource it wraps; every other body is read as it came.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The resource a JSON body holds: the object under `data` when the body is such an envelope, else the body itself. */
export function resourceOf(json: unknown): { resource: unknown; envelope?: 'data' } {
  if (!isObject(json) || !isObject(json.data)) return { resource: json };
  return { resource: json.data, envelope: 'data' };
}
